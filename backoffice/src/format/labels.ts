// Names people read for the API's codes: payment types, statuses, methods and roles.

export const PAYMENT_TYPES: Record<string, string> = {
  PA: 'Authorization',
  DB: 'Debit',
  CP: 'Capture',
  RF: 'Refund',
  RV: 'Reversal',
  CB: 'Chargeback',
  CR: 'Chargeback reversal',
  PP: 'Prepayment',
  RC: 'Slip confirmed',
};

export const STATUSES: Record<string, string> = {
  success: 'Success',
  pending: 'Pending',
  declined: 'Declined',
  chargedBack: 'Charged back',
};

export const METHODS: Record<string, string> = {
  card: 'Card',
  voucher: 'Voucher',
  bankAccount: 'Bank account',
  virtualAccount: 'Virtual account',
  wallet: 'Wallet',
  redirect: 'Redirect',
};

export const ROLE_NAMES: Record<string, string> = {
  owner: 'Owner',
  admin: 'Admin',
  finance: 'Finance',
  support: 'Support',
  developer: 'Developer',
  viewer: 'Viewer',
};

/** What each role may do, in a line, for whoever hands roles out. */
export const ROLE_SUMMARIES: Record<string, string> = {
  owner: 'Everything, including other owners.',
  admin: 'Everything but owners and ownership.',
  finance: 'Reads payments and settlement, refunds.',
  support: "Reads payments, refunds up to the business's limit, resends notifications.",
  developer: 'Credentials and webhooks; reads payments and settlement.',
  viewer: 'Reads payments and settlement only.',
};

export function label(names: Record<string, string>, code: string): string {
  return names[code] ?? code;
}
