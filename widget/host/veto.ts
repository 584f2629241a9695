// The veto rule shared by every onBeforeSubmit* callback (widget surface §4): `this` is the form,
// the argument an event-like object whose target is the form. false blocks; true proceeds even
// after preventDefault(); nothing (undefined or anything else) proceeds unless preventDefault()
// was called. A callback that throws blocks the submit (and the error is reported), because a
// merchant check that crashed has not approved anything.

export interface VetoEvent<F> {
  type: 'submit';
  target: F;
  currentTarget: F;
  defaultPrevented: boolean;
  preventDefault(): void;
  stopPropagation(): void;
  isDefaultPrevented(): boolean;
}

export type VetoResult = { proceed: true } | { proceed: false; error?: unknown };

export function runVeto<F>(callback: ((this: F, e: VetoEvent<F>) => unknown) | null, form: F): VetoResult {
  if (!callback) return { proceed: true };
  const event: VetoEvent<F> = {
    type: 'submit',
    target: form,
    currentTarget: form,
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true;
    },
    stopPropagation() {},
    isDefaultPrevented: () => event.defaultPrevented,
  };
  let result: unknown;
  try {
    result = callback.call(form, event);
  } catch (error) {
    return { proceed: false, error };
  }
  if (result === false) return { proceed: false };
  if (result === true) return { proceed: true };
  return event.defaultPrevented ? { proceed: false } : { proceed: true };
}
