// GET /api/home's answer (docs/back-office-home.md, "API").

export interface CurrencyTotal {
  currency: string;
  count: number;
  amount: string;
}

export interface HomeFigures {
  firstDay: string;
  lastDay: string;
  from: number;
  to: number;
  payments: { succeeded: number; declined: number; pending: number };
  successRate: number | null;
  volume: CurrencyTotal[];
  declines: { group: string; title: string; count: number }[];
  refunds: CurrencyTotal[];
  chargebacks: CurrencyTotal[];
  chargebackReversals: CurrencyTotal[];
}

export interface HomeDay {
  day: string;
  succeeded: number;
  declined: number;
  volume: CurrencyTotal[];
}

export interface Attention {
  failingEndpoints?: { total: number; items: { endpointId: string; entityId: string; url: string; reason: 'disabled' | 'failing'; detail: string | null; lastStatus: number | null; at: number | null }[] };
  failedSchedules?: { total: number; items: { scheduleId: string; entityId: string; amount: string; currency: string; scheduledAt: number; status: string; resultCode: string | null }[] };
  openChargebacks?: { total: number; items: { paymentId: string; entityId: string; amount: string; currency: string; createdAt: number }[] };
  expiringSlips: { total: number; windowHours: number; items: { paymentId: string; entityId: string; amount: string; currency: string; expiresAt: number }[] };
}

export interface HomeView {
  channel: string | null;
  generatedAt: number;
  today: HomeFigures;
  last30Days: HomeFigures;
  series: HomeDay[];
  attention: Attention;
}
