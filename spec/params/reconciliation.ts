// Spec: "Reconciliation record (CSV, semicolon-separated columns)": the columns that have an API
// name, with the CSV column kept in notes.

import { RESULT_CODE } from './response.js';
import type { ParamRow } from './row.js';

/** Column order of the settlement CSV, as printed (including its spelling of ClearingInsitituteName). */
export const RECONCILIATION_COLUMNS: readonly string[] = [
  'ReconciliationType', 'PaymentType', 'Cashflow', 'ClearingInstituteMerchantId', 'MerchantAccountId',
  'MerchantAccountName', 'PspId', 'DivisionId', 'MerchantId', 'SettlementTxId', 'UniqueID', 'ShortId',
  'ConnectorTxId1', 'ConnectorTxId2', 'ConnectorTxId3', 'Amount', 'Currency', 'Brand', 'TxRequestTime',
  'SettlementAmount', 'SettlementCurrency', 'SettlementFee', 'SettlementFxRate', 'SettlementDate',
  'SettlementStatus', 'Descriptor', 'AccountNumberLast4', 'BankCode', 'AccountHolder', 'ReasonCode',
  'ReasonDesc', 'SettlementFileFormat', 'ClearingInsitituteName', 'MatchingStatus', 'MatchedTransactions',
  'ChargebackId',
];

export const reconciliation: readonly ParamRow[] = [
  { name: 'result.code', format: RESULT_CODE, requirement: 'Optional', notes: 'ReasonCode: failure status code, chargebacks only.' },
  { name: 'result.description', format: 'AN128', requirement: 'Optional', notes: 'ReasonDesc: failure description, chargebacks only.' },
  { name: 'settlement.id', format: 'AN64', requirement: 'Optional', notes: 'SettlementTxId: transaction id at the settlement provider.' },
  { name: 'settlement.cashflow', format: 'enum(POS,NEG)', requirement: 'Required', notes: 'Cashflow: balance direction.' },
  { name: 'settlement.amount', format: 'N10.N2', requirement: 'Required', notes: 'SettlementAmount: N13, 2 decimals.' },
  { name: 'settlement.currency', format: 'currency', requirement: 'Required', notes: 'SettlementCurrency.' },
  { name: 'settlement.fee', format: 'N10.N2', requirement: 'Optional', notes: 'SettlementFee: N13, 2 decimals.' },
  { name: 'settlement.fxRate', format: 'N10.N2', requirement: 'Required', notes: 'SettlementFxRate: N13, 2 decimals.' },
  { name: 'settlement.date', format: 'date', requirement: 'Required', notes: 'SettlementDate: date of settlement at the clearing institute, in its time zone.' },
  { name: 'settlement.status', format: 'enum(SUCCESS,FAILED)', requirement: 'Required', notes: 'SettlementStatus.' },
  { name: 'settlement.format', format: 'AN32', requirement: 'Required', notes: 'SettlementFileFormat.' },
];
