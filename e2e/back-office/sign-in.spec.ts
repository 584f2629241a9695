// Signing in and out of the back office through its pages, as the test merchant's owner.

import { BackOffice, expect, test } from './back-office.js';

test('a wrong password is refused with a clear message, the right one opens the shell', async ({ page, backOffice }) => {
  await page.goto(backOffice.url);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('E-mail').fill(backOffice.signIn.email);
  await page.getByLabel('Password').fill('not the password at all');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('The e-mail or the password is not right.');

  await page.getByLabel('Password').fill(backOffice.signIn.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  // The owner's role allows every page.
  for (const name of ['Payments', 'Audit log', 'Credentials', 'People', 'Settings', 'Account']) await expect(nav.getByRole('link', { name })).toBeVisible();
  await expect(page.getByText(backOffice.signIn.email)).toBeVisible();
});

test('signing out ends the session: a reload shows the sign-in page again', async ({ page, backOffice }) => {
  await backOffice.signInAsOwner();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  const session = await page.request.get(`${backOffice.url}/api/session`);
  expect(session.status()).toBe(401);
});

test('signing out everywhere ends the sessions of other browsers too', async ({ page, browser, backOffice }) => {
  await backOffice.signInAsOwner();
  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    const second = new BackOffice(otherPage, backOffice.signIn, backOffice.relay);
    await second.signInAsOwner();
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await otherPage.reload();
    await expect(otherPage.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  } finally {
    await other.close();
  }
});

test('after repeated failures the page says the account is locked and how long to wait', async ({ page, backOffice }) => {
  // An address nobody has: the lock is the same whether or not the account exists, and the
  // owner the other tests sign in as stays usable.
  await page.goto(backOffice.url);
  await page.getByLabel('E-mail').fill(`nobody.${Date.now()}@northwind.example`);
  const password = page.getByLabel('Password');
  const alert = page.getByRole('alert');
  for (let attempt = 1; attempt <= 10; attempt++) {
    await password.fill(`wrong password ${attempt}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(alert).toHaveText(/not right|Too many attempts/);
    if (/Too many attempts/.test(await alert.innerText())) break;
  }
  await expect(alert).toHaveText(/^Too many attempts\. Try again in \d+ (seconds|minutes|hours)\.$/);
});
