// An address the back office has no page for.

import { Page } from '../components/page.js';

export function NotFoundPage() {
  return (
    <Page title="Page not found">
      <p>There is no page at this address.</p>
      <p>
        <a href="/">Go to the start page</a>
      </p>
    </Page>
  );
}
