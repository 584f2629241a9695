// The simulator's operations that fit a payment, as its detail offers them (allowed-actions.ts):
// types only, so the pages import the very same ones.

/** A chargeback the simulator could reverse now. */
export interface OpenChargeback {
  id: string;
  amount: string;
  currency: string;
  reasonCode: string;
  reasonDescription: string;
  createdAt: number;
}

/** The simulator's operations that fit a payment now (test environment only). */
export interface TestToolActions {
  /** A voucher slip awaiting payment: pay it or let it expire now. */
  pay?: true;
  expire?: true;
  /** A redirect payment awaiting the shopper: approve or cancel it as the shopper would. */
  approve?: true;
  cancel?: true;
  /** Charge back up to `max`, for one of `reasons` (the catalogue's chargeback codes). */
  chargeback?: { max: string; currency: string; reasons: { code: string; description: string }[] };
  /** The open chargebacks of the payment, each of which could be reversed. */
  chargebackReversal?: { chargebacks: OpenChargeback[] };
}
