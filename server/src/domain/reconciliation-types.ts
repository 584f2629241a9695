// What the settlement run makes of each payment type, as data: its reconciliation type, which way
// the money goes for the merchant (Cashflow POS or NEG), and whether it carries a fee. A type not
// in the table is not settled (PA only authorizes, RV undoes; a voucher's PA is settled through its
// RC). Chargebacks (CB) and their reversals (CR) are records of the payments table like any other.

export type ReconciliationType = 'SETTLED' | 'FEE' | 'CHARGEBACK' | 'CHARGEBACK REVERSAL';
export type Cashflow = 'POS' | 'NEG';
export type MatchingStatus = 'NOT_MATCHED' | 'MATCHED' | 'MULTIPLE_MATCHES';

export interface SettlementRule {
  reconciliationType: Exclude<ReconciliationType, 'FEE'>;
  cashflow: Cashflow;
  /** A FEE record (NEG) follows the record: the merchant pays for money it receives. */
  fee: boolean;
}

export const SETTLEMENT_RULES: Readonly<Record<string, SettlementRule>> = {
  DB: { reconciliationType: 'SETTLED', cashflow: 'POS', fee: true },
  CP: { reconciliationType: 'SETTLED', cashflow: 'POS', fee: true },
  RC: { reconciliationType: 'SETTLED', cashflow: 'POS', fee: true },
  CD: { reconciliationType: 'SETTLED', cashflow: 'NEG', fee: false },
  RF: { reconciliationType: 'SETTLED', cashflow: 'NEG', fee: false },
  CB: { reconciliationType: 'CHARGEBACK', cashflow: 'NEG', fee: false },
  CR: { reconciliationType: 'CHARGEBACK REVERSAL', cashflow: 'POS', fee: false },
};

export const SETTLED_PAYMENT_TYPES: readonly string[] = Object.keys(SETTLEMENT_RULES);

/** settlement.format / SettlementFileFormat of every record this relay writes. */
export const SETTLEMENT_FILE_FORMAT = 'CSV';
