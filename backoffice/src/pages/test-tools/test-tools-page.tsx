// Test tools (test environment; testTools.use): each channel's test clock, moved forward with what
// it ran, and a payment found by its id with the simulator's operations that fit it. In live the
// page is not offered (Me leaves the action out) and the API refuses it all the same.

import { api } from '../../api/client.js';
import { ErrorNotice, Loading } from '../../components/notice.js';
import { Page } from '../../components/page.js';
import { useLoad } from '../../components/use-load.js';
import { ClockCard } from './clock-card.js';
import { TestEnvironmentMark } from './environment-mark.js';
import { PaymentLookup } from './payment-lookup.js';
import type { TestClock } from './types.js';

export function TestToolsPage() {
  // When they were read: a clock following the relay's time goes on from there (clock-card.tsx).
  const clocks = useLoad(() => api<{ now: number; clocks: TestClock[] }>('GET', '/test/clock').then((answer) => ({ ...answer, loadedAt: Date.now() })), []);
  const data = clocks.data;
  return (
    <Page title="Test tools">
      <TestEnvironmentMark />
      <h2 class="test-tools-section">Test clocks</h2>
      <p class="muted">A channel’s clock moves forward only. What falls due on the way runs at once, as it would have when the time came.</p>
      <ErrorNotice error={clocks.error} />
      {!data ? (
        clocks.loading && <Loading what="the test clocks" />
      ) : (
        <div class="test-tools-clocks">
          {data.clocks.map((clock) => (
            <ClockCard key={clock.entityId} clock={clock} loadedAt={data.loadedAt} onMoved={clocks.reload} />
          ))}
        </div>
      )}
      <PaymentLookup />
    </Page>
  );
}
