// The merchant's back office settings (docs/back-office-api.md): how much a support agent may
// refund at once, and whether everyone must sign in with a second factor. Anyone signed in reads
// them (the pages say why a refund or a set-up is asked of them); settings.manage changes them,
// guarded by the settings read, with the audit row of before and after in the same batch. An owner
// who turns the requirement on must have a second factor first, or they would lock themselves out
// of every action.

import { formatAmount, parseAmount, representableIn } from '../../domain/money.js';
import type { MerchantSettingsRecord, SupportRefundLimit } from '../../domain/merchant-settings.js';
import { writeMerchantSettings } from '../../storage/writes/index.js';
import { BodyReader } from '../body.js';
import { BackofficeError, sessionOf, type BackofficeRoutes } from '../contract.js';
import { personAudit } from '../person-audit.js';

const CURRENCY = /^[A-Z]{3}$/;

/** Settings as the API shows them: amounts as amount strings. */
function settingsView(s: MerchantSettingsRecord) {
  return {
    supportRefundLimit: s.supportRefundLimit && { amount: formatAmount(s.supportRefundLimit.amount), currency: s.supportRefundLimit.currency },
    requireTwoFactor: s.requireTwoFactor,
  };
}

function limitOf(body: BodyReader): SupportRefundLimit | null {
  const value = body.raw('supportRefundLimit');
  if (value === null) return null;
  if (typeof value !== 'object' || value === undefined || Array.isArray(value)) {
    body.problem('supportRefundLimit', 'supportRefundLimit must be { amount, currency } or null');
    return null;
  }
  const { amount, currency } = value as Record<string, unknown>;
  const currencyOk = typeof currency === 'string' && CURRENCY.test(currency);
  if (!currencyOk) body.problem('supportRefundLimit.currency', 'the currency must be three capital letters (ISO 4217)');
  let minor: number | undefined;
  try {
    minor = typeof amount === 'string' ? parseAmount(amount) : undefined;
  } catch {
    minor = undefined;
  }
  if (minor === undefined || minor <= 0) body.problem('supportRefundLimit.amount', 'the amount must be more than zero, like 50.00');
  else if (currencyOk && !representableIn(minor, currency)) body.problem('supportRefundLimit.amount', `${currency} has no fractions: the amount must end in .00`);
  return minor !== undefined && currencyOk ? { amount: minor, currency } : null;
}

export const settingsRoutes: BackofficeRoutes = (app, ctx) => {
  app.get('/settings', { config: { access: 'signedIn' } }, async (request) => settingsView(await ctx.store.merchantSettings.get(sessionOf(request).merchantId)));

  app.put('/settings', { config: { access: 'settings.manage' } }, async (request) => {
    const session = sessionOf(request);
    const body = new BodyReader(request.body);
    const supportRefundLimit = limitOf(body);
    const requireTwoFactor = body.boolean('requireTwoFactor');
    body.done('the settings are not valid');
    const read = await ctx.store.merchantSettings.get(session.merchantId);
    if (requireTwoFactor && !read.requireTwoFactor) {
      const user = await ctx.store.users.find(session.merchantId, session.userId);
      if (!user || user.totpSecret === null) throw new BackofficeError('conflict', 'set up your own second factor before you require one of everyone');
    }
    const now = ctx.clock.now();
    const next = { merchantId: session.merchantId, supportRefundLimit, requireTwoFactor, updatedAt: now };
    const written = await writeMerchantSettings(ctx.store, {
      read,
      next,
      audit: personAudit(session, request, now, { action: 'settings.change', target: session.merchantId, before: settingsView(read), after: settingsView(next) }),
    });
    if (!written) throw new BackofficeError('conflict', 'the settings changed meanwhile: reload the page');
    return settingsView(next);
  });
};
