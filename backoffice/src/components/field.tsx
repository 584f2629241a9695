// A labelled form control with its hint (between label and control, so controls side by side
// line up) and its error tied to it (aria-describedby), so a screen
// reader reads what is wrong when the control gets focus.

import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';

interface FieldProps {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  children: (control: { id: string; describedBy: string | undefined; invalid: boolean }) => ComponentChildren;
  class?: string;
}

export function Field({ label, hint, error, children, class: className }: FieldProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div class={`field ${className ?? ''}`}>
      <label for={id}>{label}</label>
      {hint && (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {children({ id, describedBy: described, invalid: Boolean(error) })}
      {error && (
        <p class="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
