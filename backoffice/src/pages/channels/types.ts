// A channel's settings as GET/PUT /api/channels/:id/settings answer them (docs/back-office-channels.md).

export const OPERATIONS = ['payments', 'followUps', 'registrations', 'checkouts', 'reads'] as const;
export type Operation = (typeof OPERATIONS)[number];

export interface BankAccount {
  holder: string;
  number?: string;
  bic?: string;
  country?: string;
}

export interface FeeRow {
  brand: string;
  percent: string;
  fixed: string;
}

export interface ChannelSettings {
  country: 'BR' | 'MX' | 'CO' | null;
  allowedOrigins: string[];
  throttle: Record<Operation, number | null>;
  reversalCutoffHours: number | null;
  strictParameters: boolean;
  threeDSecure2Required: boolean;
  bankAccount: BankAccount | null;
  timeZone: string | null;
  settlementFees: FeeRow[];
}

export interface ChannelView {
  entityId: string;
  name: string;
  settings: ChannelSettings;
  /** What applies where the channel has no setting of its own. */
  defaults: { throttle: Record<Operation, number>; reversalCutoffHours: number; timeZone: string };
}
