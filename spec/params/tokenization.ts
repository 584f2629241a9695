// Spec: "Tokenization, recurring, migration", plus registrationId, which the spec names only in its
// endpoint table (schedules, one-click payments from the widget).

import type { ParamRow } from './row.js';

/** Payment and registration ids: "32 alphanumerics". */
export const RESOURCE_ID = '/^[A-Za-z0-9]{32}$/';

export const tokenization: readonly ParamRow[] = [
  { name: 'createRegistration', format: 'bool', requirement: 'Optional', notes: 'When true the payment data is stored; the response carries registrationId.' },
  { name: 'overrideHolder', format: 'bool', requirement: 'Optional', notes: 'Allows card.holder or bankAccount.holder to replace an empty stored holder for that one payment; on checkout prepare/update and one-click payments.' },
  { name: 'recurringType', format: 'enum(INITIAL,REPEATED)', requirement: 'Optional', notes: 'INITIAL: first of a series, customer present, carries authentication data. REPEATED: customer absent, must not carry card.cvv or 3-D Secure data.' },
  { name: 'recurring.numberOfInstallments', format: 'N3', requirement: 'Optional' },
  { name: 'recurringMigration.paymentType', format: 'enum(DB,CD,PA)', requirement: 'Required', notes: 'Printed Mandatory. A2: type of the INITIAL request; used with a registration (RG).' },
  { name: 'recurringMigration.amount', format: 'N8.N2', requirement: 'Optional', notes: 'Up to 8 digits, optional 2 decimals.' },
  { name: 'recurringMigration.requestTimestamp', format: 'datetime', requirement: 'Conditional', notes: 'yyyy-MM-dd HH:mm:ss (AN19): time of the INITIAL request.' },
  { name: 'recurringMigration.connectorTxId1', format: 'AN128', requirement: 'Conditional', notes: 'Acquirer response details of the INITIAL payment.' },
  { name: 'recurringMigration.connectorTxId2', format: 'AN128', requirement: 'Conditional' },
  { name: 'recurringMigration.connectorTxId3', format: 'AN128', requirement: 'Conditional' },
  { name: 'registrations[n].id', format: RESOURCE_ID, requirement: 'Optional', notes: 'Not in the field tables: the merchant\'s stored registrations a checkout offers the shopper in the payment form (one-click).' },
  { name: 'standingInstruction.type', format: 'enum(UNSCHEDULED,RECURRING,INSTALLMENT)', requirement: 'Optional', notes: 'Not in the field tables: the standing instruction a stored card is used under; carried to the payment and the registration.' },
  { name: 'standingInstruction.mode', format: 'enum(INITIAL,REPEATED)', requirement: 'Optional', notes: 'Not in the field tables: first or later use of a stored card under the instruction.' },
  { name: 'standingInstruction.source', format: 'enum(CIT,MIT)', requirement: 'Optional', notes: 'Not in the field tables: shopper- or merchant-initiated.' },
  { name: 'standingInstruction.initialTransactionId', format: 'AN100', requirement: 'Optional', notes: 'Not in the field tables: the scheme\'s id of the INITIAL payment.' },
  { name: 'standingInstruction.expiry', format: 'date', requirement: 'Optional', notes: 'Not in the field tables: when the instruction ends.' },
  { name: 'standingInstruction.frequency', format: 'N4', requirement: 'Optional', notes: 'Not in the field tables: minimum days between payments.' },
  { name: 'registrationId', format: RESOURCE_ID, requirement: 'Conditional', notes: 'Not in the field tables: the stored registration a schedule or a one-click widget payment uses.' },
];
