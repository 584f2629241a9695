// The card-number frame's submit as the browser sends it: POST /v1/checkouts/{id}/payment.

import type { Page, Request } from '@playwright/test';

export const isPaymentPost = (r: Request): boolean => r.method() === 'POST' && /\/v1\/checkouts\/[^/]+\/payment$/.test(new URL(r.url()).pathname);

/** Every payment submit the page makes from now on, in order. */
export function collectPaymentPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on('request', (r) => {
    if (isPaymentPost(r)) posts.push(r);
  });
  return posts;
}
