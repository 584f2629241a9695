// The confirmation every consequential action goes through: a native modal <dialog> (focus kept
// inside, Escape closes, the page behind inert), titled, with its question stated in words.
// It opens when mounted; the caller unmounts it on close.

import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef } from 'preact/hooks';

interface DialogProps {
  title: string;
  /** While its action runs, Escape does not close the dialog: the outcome is shown in it. */
  busy?: boolean;
  onClose: () => void;
  children: ComponentChildren;
}

export function Dialog({ title, busy, onClose, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // What had focus gets it back when the dialog closes, so a keyboard user keeps their place.
    const opener = document.activeElement as HTMLElement | null;
    dialog.showModal();
    return () => opener?.focus();
  }, []);
  return (
    <dialog ref={ref} class="dialog" aria-labelledby={titleId} onClose={onClose} onCancel={(event) => busy && event.preventDefault()}>
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  );
}

/** The two buttons at the bottom of a dialog. */
export function DialogButtons({ confirm, busy, danger, onCancel }: { confirm: string; busy: boolean; danger?: boolean; onCancel: () => void }) {
  return (
    <div class="dialog-buttons">
      <button type="button" class="button" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
      <button type="submit" class={`button ${danger ? 'button-danger' : 'button-primary'}`} disabled={busy} aria-busy={busy}>
        {busy ? 'Working…' : confirm}
      </button>
    </div>
  );
}
