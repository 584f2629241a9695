// Spec: "3-D Secure". When xid, eci or verificationId are present an external authentication
// server is assumed and the values are passed through to the acquirer.

import type { ParamRow } from './row.js';

/** A card scheme segment (threeDSecure.v1.<scheme>.requestorId); the spec does not list them. */
export const SCHEME = '/^[A-Za-z0-9_]{2,32}$/';

export const threeDSecure: readonly ParamRow[] = [
  { name: 'threeDSecure.eci', format: '/^0[1-8]$/', requirement: 'Conditional', notes: '2 digits, 01-08. Third-party MPI.' },
  { name: 'threeDSecure.verificationId', format: '/^[A-Za-z0-9+/=]{28}$/', requirement: 'Conditional', notes: '28 chars, Base64. Third-party MPI.' },
  { name: 'threeDSecure.xid', format: '/^[A-Za-z0-9+/=]{1,64}$/', requirement: 'Conditional', notes: 'Printed "64 chars, Base64"; read as up to 64, since a 20-byte XID encodes to 28.' },
  { name: 'threeDSecure.enrollmentStatus', format: 'enum(Y,U,N)', requirement: 'Conditional', notes: 'Third-party MPI.' },
  { name: 'threeDSecure.authenticationStatus', format: 'enum(Y,A,U,N)', requirement: 'Conditional', notes: 'Third-party MPI.' },
  { name: 'threeDSecure.merchant.name', format: 'AN100', requirement: 'Optional' },
  { name: 'threeDSecure.merchant.url', format: 'AN2048', requirement: 'Optional' },
  { name: 'threeDSecure.merchant.country', format: 'A{3,3}', requirement: 'Optional', notes: 'A3.' },
  { name: 'threeDSecure.v1.<scheme>.requestorId', key: SCHEME, format: 'AN100', requirement: 'Optional', notes: 'Seven card schemes.' },
  { name: 'threeDSecure.v1.<scheme>.password', key: SCHEME, format: 'AN100', requirement: 'Optional', notes: 'Only for two schemes.' },
  { name: 'threeDSecure.v2.<scheme>.requestorId', key: SCHEME, format: 'AN100', requirement: 'Optional', notes: 'Six card schemes, one of them a French domestic scheme.' },
  { name: 'threeDSecure.v2.<scheme>.requestorName', key: SCHEME, format: 'AN100', requirement: 'Optional' },
  { name: 'threeDSecure.dsTransactionId', format: 'AN{36,36}', requirement: 'Optional', notes: '36 chars; already authenticated by v2 through an external MPI.' },
  { name: 'threeDSecure.version', format: '/^[12]\\.[0-9]\\.[0-9]$/', requirement: 'Optional', notes: 'digit.digit.digit starting 1 or 2.' },
  { name: 'threeDSecure.challengeIndicator', format: '/^0[1-9]$/', requirement: 'Optional', notes: '01-09; v2.2 or higher.' },
  { name: 'threeDSecure.challengeMandatedIndicator', format: 'enum(Y,N)', requirement: 'Optional' },
  { name: 'threeDSecure.authType', format: '/^0[1-4]$/', requirement: 'Optional', notes: '01-04.' },
  { name: 'threeDSecure.exemptionFlag', format: '/^0[1-4]$/', requirement: 'Optional', notes: '01-04; v2.2 or higher.' },
  { name: 'threeDSecure.transactionStatusReason', format: 'N2', requirement: 'Optional' },
];
