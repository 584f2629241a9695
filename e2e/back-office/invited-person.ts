// A person of the test merchant with a given role, made as the operator makes one (`relay user
// invite`) and signed in through the invitation's API in the page's browser context, so the
// page that opens next is theirs. Each call makes a new person, so tests do not share one.

import type { Page } from '@playwright/test';
import { merchantOf, relayCli } from '../support/relay-store.js';
import { expect, type BackOffice } from './back-office.js';

export interface InvitedPerson {
  email: string;
  password: string;
}

/** `merchantId`: the test merchant's unless given (a merchant the test made for itself). */
export async function signInInvitedPerson(page: Page, backOffice: BackOffice, role: string, merchantId?: string): Promise<InvitedPerson> {
  const { relay } = backOffice;
  const merchant = merchantId ?? merchantOf(relay.dataDir, relay.credentials.entityId);
  const email = `${role}.${Date.now()}@northwind.example`;
  const invited = (await relayCli(relay.dataDir, 'user', 'invite', '--merchant', merchant, '--email', email, '--role', role)) as { inviteUrl: string };
  const token = new URL(invited.inviteUrl).pathname.split('/').pop()!;
  const password = `quiet harbour lantern ${Date.now()}`;
  const accepted = await page.request.post(`${backOffice.url}/api/invitations/${token}/accept`, { data: { password }, headers: { origin: new URL(backOffice.url).origin } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return { email, password };
}
