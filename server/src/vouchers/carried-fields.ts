// Which of the slip form's fields a checkout already carries from its preparation, named in the
// widget's answer (GET /v1/checkouts/{id}/widget, `carries`) so the form does not ask for them
// again: the payment merges the prepared values in. Names only, never the values: that answer is
// readable by any page.

/** The parameters the widget's slip form can ask for (widget/host/extras/slip-form.ts). */
export const SLIP_FORM_FIELDS = [
  'customer.givenName',
  'customer.surname',
  'customer.identificationDocId',
  'billing.street1',
  'billing.city',
  'billing.state',
  'billing.postcode',
  'billing.country',
] as const;

export function carriedSlipFields(prepared: ReadonlyMap<string, string>): string[] {
  return SLIP_FORM_FIELDS.filter((name) => (prepared.get(name) ?? '') !== '');
}
