// A yes/no confirmation of one action that needs no input (revoke a token, deactivate a person):
// the action runs once, the buttons wait while it runs, and a refusal is shown in the dialog.

import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { asApiError } from './use-load.js';
import { Dialog, DialogButtons } from './dialog.js';
import { ErrorNotice } from './notice.js';

interface ConfirmProps {
  title: string;
  confirm: string;
  danger?: boolean;
  children: ComponentChildren;
  run: () => Promise<unknown>;
  onDone: () => void;
  onClose: () => void;
}

export function Confirm({ title, confirm, danger, children, run, onDone, onClose }: ConfirmProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string }>();
  const submit = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      await run();
      onDone();
    } catch (e) {
      setError(asApiError(e));
      setBusy(false);
    }
  };
  return (
    <Dialog title={title} busy={busy} onClose={onClose}>
      <form method="dialog" onSubmit={submit}>
        <div class="dialog-body">{children}</div>
        <ErrorNotice error={error} />
        <DialogButtons confirm={confirm} busy={busy} danger={danger ?? false} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
