// The shapes of the back office's JSON API as docs/back-office-api.md states them. Amounts are
// strings of the API's amount grammar ("12.50") next to their currency; times are epoch ms.

import type { Action, Role } from '../../../server/src/domain/roles.js';

export type { Action, Role };

export interface Me {
  user: { id: string; email: string; role: Role; channelIds: string[] | null };
  merchant: { id: string; name: string };
  actions: Action[];
  csrfToken: string;
  twoFactor: { enabled: boolean; required: boolean };
}

export interface Channel {
  entityId: string;
  name: string;
}

export type PaymentStatus = 'success' | 'pending' | 'declined' | 'chargedBack';

export interface PaymentRow {
  id: string;
  createdAt: number;
  entityId: string;
  paymentType: string;
  paymentBrand: string | null;
  /** card, voucher, bankAccount, virtualAccount, wallet, redirect; null when the relay cannot tell. */
  method: string | null;
  amount: string;
  currency: string;
  status: PaymentStatus | string;
  resultCode: string;
  merchantTransactionId: string | null;
  last4: string | null;
  email: string | null;
}

export interface TimelineRecord {
  id: string;
  paymentType: string;
  amount: string;
  currency: string;
  resultCode: string;
  resultDescription?: string;
  createdAt: number;
  status: string;
}

/** Free-form groups of the payment (customer, billing, custom parameters): names and values. */
export type Fields = Record<string, unknown>;

export interface DeliveryAttempt {
  at: number;
  status: string;
  httpStatus: number | null;
  error: string | null;
}

export interface PaymentDetail {
  payment: PaymentRow & {
    resultDescription?: string;
    /** As the relay kept it: the first six and last four digits, never more. */
    card?: { bin: string | null; last4: string | null; holder: string | null; expiryMonth: string | null; expiryYear: string | null };
    account?: { holder: string | null; ibanMasked: string | null };
    customer?: Fields;
    billing?: Fields;
    customParameters?: Fields;
  };
  timeline: TimelineRecord[];
  checkout?: { id: string; createdAt: number; status: string };
  notifications: { recordId: string; event: string; url: string; state?: string; attempts: DeliveryAttempt[] }[];
  allowed: { capture?: { max: string; currency: string }; refund?: { max: string; currency: string }; reverse?: true };
}

export interface Token {
  id: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

export interface AuditEntry {
  id: string;
  userId: string | null;
  /** The person's address when the API adds it. */
  userEmail?: string | null;
  at: number;
  address: string | null;
  action: string;
  target: string | null;
  before: Fields | null;
  after: Fields | null;
}

export type UserStatus = 'invited' | 'active' | 'deactivated';

export interface User {
  id: string;
  email: string;
  role: Role;
  channelIds: string[] | null;
  status: UserStatus;
  twoFactor: boolean;
  lastSignInAt: number | null;
}

/** The API's error body: `{ error: { code, message, parameters?, …details } }`. */
export interface ApiErrorBody {
  code: string;
  message: string;
  parameters?: { name: string; message: string }[];
  retryAfterSeconds?: number;
  resultCode?: string;
  [detail: string]: unknown;
}
