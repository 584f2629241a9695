// The API reference page (/v1/pages/api-reference) as a developer uses it: every operation of the
// relay's OpenAPI document drawn by Swagger UI from the relay's own files, under its strict CSP
// (no violation, no console error), with nothing axe reports; and "Try it out" of a debit with the
// test card, authorized with the test merchant's token the test relay prefills, answered in the page.
// API_REFERENCE_SHOTS_DIR=<folder> writes the page after the call there (docs/api-reference/).

import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

const PAGE_PATH = '/v1/pages/api-reference';
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** Swagger UI with several hundred form rows under axe: slow on a busy 2-core machine. */
test.describe.configure({ timeout: 120_000 });

interface Watched {
  /** Console errors, uncaught errors and CSP violations, one line each. */
  problems: string[];
}

/** Collects every console error, uncaught error and CSP violation of the page from its first script on. */
async function watch(page: Page): Promise<Watched> {
  const watched: Watched = { problems: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') watched.problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => watched.problems.push(`uncaught: ${error.message}`));
  await page.exposeFunction('reportCspViolation', (text: string) => watched.problems.push(`csp: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return watched;
}

/** axe's violations on the page, or only under `within` (a CSS selector). */
async function axeViolations(page: Page, within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const result = await (within ? builder.include(within) : builder).analyze();
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** The page as it shows now into API_REFERENCE_SHOTS_DIR when that is set, for a person to look at. */
async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.API_REFERENCE_SHOTS_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: join(dir, name) });
}

interface Document {
  paths: Record<string, Record<string, unknown>>;
  webhooks?: Record<string, Record<string, unknown>>;
}

/** `METHOD /path` of every operation of the document's paths (or webhooks), as Swagger UI labels them. */
function operationsOf(items: Record<string, Record<string, unknown>>): string[] {
  return Object.entries(items).flatMap(([path, item]) => Object.keys(item).filter((m) => METHODS.includes(m)).map((m) => `${m.toUpperCase()} ${path}`));
}

/** The operation's block on the page, by method and path. */
function operation(page: Page, method: string, path: string): Locator {
  return page.locator(`.opblock-${method.toLowerCase()}`).filter({ has: page.locator(`.opblock-summary-path[data-path="${path}"]`) });
}

/** Fills one field of an operation's form body: a select for a list of values, a text box otherwise. */
async function fillField(block: Locator, name: string, value: string): Promise<void> {
  const row = block.locator(`tr[data-property-name="${name}"]`);
  const select = row.locator('select');
  if ((await select.count()) > 0) await select.selectOption(value);
  else await row.getByRole('textbox').fill(value);
}

test('draws every operation of the document under its CSP, with nothing axe reports', async ({ page, relay }) => {
  const watched = await watch(page);
  const document = (await (await fetch(`${relay.url}/openapi.json`)).json()) as Document;
  const operations = operationsOf(document.paths);
  expect(operations.length).toBeGreaterThan(30);

  const response = await page.goto(`${relay.url}${PAGE_PATH}`);
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("style-src 'self'");
  expect(csp).not.toContain('unsafe');

  // The paths' operations, then the notifications the relay sends (the document's webhooks).
  const drawn = page.locator('#operations .opblock:not(.webhooks-container .opblock)');
  await expect(drawn).toHaveCount(operations.length);
  const labels = await drawn.evaluateAll((blocks) =>
    blocks.map((b) => `${b.querySelector('.opblock-summary-method')?.textContent} ${b.querySelector('.opblock-summary-path')?.getAttribute('data-path')}`),
  );
  expect(labels.sort()).toEqual([...operations].sort());
  await expect(page.locator('.webhooks-container .opblock')).toHaveCount(operationsOf(document.webhooks ?? {}).length);

  // A test relay with its demo hands the page the test merchant; Authorize holds its token.
  await expect(page.getByText('This is a test relay')).toContainText(relay.credentials.entityId);
  await expect(page.getByRole('button', { name: /authorize/i }).first()).toHaveClass(/locked/);

  expect(await axeViolations(page)).toEqual([]);
  expect(watched.problems).toEqual([]);
  await screenshot(page, 'api-reference.png');
});

test('"Try it out" of a debit with the test card answers 200 with 000.100.110 in the page', async ({ page, relay }) => {
  const watched = await watch(page);
  await page.goto(`${relay.url}${PAGE_PATH}`);
  await expect(page.getByText('This is a test relay')).toBeVisible();

  const payment = operation(page, 'POST', '/v1/payments');
  await payment.locator('.opblock-summary-control').click();
  await payment.getByRole('button', { name: 'Try it out' }).click();
  // The test relay's channel is entered already; the other fields start empty, not with made-up samples.
  await expect(payment.locator('tr[data-property-name="entityId"]').getByRole('textbox')).toHaveValue(relay.credentials.entityId);
  await expect(payment.locator('tr[data-property-name="merchantTransactionId"]').getByRole('textbox')).toHaveValue('');
  const fields: Record<string, string> = {
    entityId: relay.credentials.entityId,
    amount: '92.10',
    currency: 'EUR',
    paymentType: 'DB',
    paymentBrand: 'VISA',
    'card.number': '4200000000000000',
    'card.holder': 'Jane Jones',
    'card.expiryMonth': '05',
    'card.expiryYear': '2034',
    'card.cvv': '123',
  };
  for (const [name, value] of Object.entries(fields)) await fillField(payment, name, value);

  const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url() === `${relay.url}/v1/payments`);
  await payment.getByRole('button', { name: 'Execute' }).click();
  const request = await sent;
  // Form-encoded, the fields as typed (92.10, not the number 92.1) and none of the empty ones.
  expect(request.headers()['content-type']).toBe('application/x-www-form-urlencoded');
  expect(request.headers()['authorization']).toBe(`Bearer ${relay.credentials.accessToken}`);
  expect(Object.fromEntries(new URLSearchParams(request.postData() ?? ''))).toEqual(fields);

  const answer = payment.locator('.live-responses-table');
  await expect(answer.locator('tbody .response-col_status')).toHaveText('200');
  await expect(answer.locator('.response-col_description .microlight').first()).toContainText('"code": "000.100.110"');
  await expect(answer).toContainText('"amount": "92.10"');

  // The call changed only its operation's block (the form, the curl command, the answer); the
  // page around it is the one the test above checks whole. axe over the whole page again takes
  // over a minute on a busy machine.
  expect(await axeViolations(page, '.opblock.is-open')).toEqual([]);
  expect(watched.problems).toEqual([]);

  await payment.locator('.responses-wrapper').scrollIntoViewIfNeeded();
  await screenshot(page, 'try-it-out.png');
});
