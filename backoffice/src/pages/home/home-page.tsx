// Home: today and the last 30 days of the channels the person may see (or one of them), a chart of
// the days with its table, declines by reason and what needs attention. Opened at `/` by whoever
// may read payments (app.tsx).

import { useLocation } from 'preact-iso/router';
import { api, query } from '../../api/client.js';
import type { Channel } from '../../api/types.js';
import { Field } from '../../components/field.js';
import { ErrorNotice, Loading } from '../../components/notice.js';
import { Page } from '../../components/page.js';
import { useLoad } from '../../components/use-load.js';
import { formatDateTime } from '../../format/dates.js';
import { AttentionCard } from './home-attention.js';
import { HomeChart } from './home-chart.js';
import { HomeDaysTable } from './home-days-table.js';
import { DeclinesCard, HomeFiguresCard } from './home-figures.js';
import { formatCount, formatLongDay } from './home-format.js';
import type { HomeDay, HomeView } from './types.js';
import '../../styles/home.css';

function chartSummary(days: readonly HomeDay[]): string {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return 'No days to show';
  const succeeded = days.reduce((n, d) => n + d.succeeded, 0);
  const declined = days.reduce((n, d) => n + d.declined, 0);
  const busiest = days.reduce((a, d) => (d.succeeded > a.succeeded ? d : a), first);
  return `Successful and declined payments per day from ${formatLongDay(first.day)} to ${formatLongDay(last.day)}: ${formatCount(succeeded)} successful, ${formatCount(declined)} declined${busiest.succeeded > 0 ? `; most on ${formatLongDay(busiest.day)} (${formatCount(busiest.succeeded)})` : ''}.`;
}

export function HomePage() {
  const location = useLocation();
  const channel = location.query.channel || undefined;
  const channels = useLoad(() => api<{ channels: Channel[] }>('GET', '/channels'), []);
  const home = useLoad(() => api<HomeView>('GET', `/home${query({ channel })}`), [channel]);
  const list = channels.data?.channels ?? [];
  const data = home.data;

  return (
    <Page title="Home">
      {list.length > 1 && (
        <div class="home-channel">
          <Field label="Channel">
            {({ id }) => (
              <select id={id} value={channel ?? ''} onInput={(e) => location.route(`/${query({ channel: (e.target as HTMLSelectElement).value || undefined })}`)}>
                <option value="">All channels</option>
                {list.map((c) => (
                  <option key={c.entityId} value={c.entityId}>
                    {c.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
      )}
      <ErrorNotice error={home.error} />
      {!data ? (
        home.loading && <Loading what="the figures" />
      ) : (
        <>
          <div class="home-grid">
            <HomeFiguresCard title="Today" figures={data.today} id="home-today" />
            <HomeFiguresCard title="Last 30 days" figures={data.last30Days} id="home-month" />
          </div>
          <section class="card" aria-labelledby="home-days">
            <div class="card-head">
              <h2 id="home-days">Payments per day</h2>
              <p class="home-legend small" aria-hidden="true">
                <span class="home-key home-key-ok">Successful</span>
                <span class="home-key home-key-bad">Declined</span>
              </p>
            </div>
            <HomeChart days={data.series} summary={chartSummary(data.series)} />
            <HomeDaysTable days={data.series} />
          </section>
          <div class="columns">
            <AttentionCard attention={data.attention} />
            <DeclinesCard today={data.today} month={data.last30Days} />
          </div>
          <p class="muted small" role="status">
            Figures as of {formatDateTime(data.generatedAt)}. Days are UTC days, as the API's reports count them.
          </p>
        </>
      )}
    </Page>
  );
}
