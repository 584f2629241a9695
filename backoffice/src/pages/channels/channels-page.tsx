// The channels the person may see, each opening its settings.

import { api } from '../../api/client.js';
import type { Channel } from '../../api/types.js';
import { CopyButton } from '../../components/copy-button.js';
import { ErrorNotice, Loading } from '../../components/notice.js';
import { Page } from '../../components/page.js';
import { useLoad } from '../../components/use-load.js';

export function ChannelsPage() {
  const channels = useLoad(() => api<{ channels: Channel[] }>('GET', '/channels'), []);
  return (
    <Page title="Channels">
      <p class="muted">Each channel is a point of sale with its own settings: the sites that may show the widget, limits, payout account, time zone, fees and checks.</p>
      <ErrorNotice error={channels.error} />
      {!channels.data ? (
        channels.loading && <Loading what="channels" />
      ) : channels.data.channels.length === 0 ? (
        <p>No channels to show.</p>
      ) : (
        <table class="table">
          <caption class="visually-hidden">Channels</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Entity id</th>
            </tr>
          </thead>
          <tbody>
            {channels.data.channels.map((c) => (
              <tr key={c.entityId}>
                <td data-label="Name">
                  <a class="row-link" href={`/channels/${encodeURIComponent(c.entityId)}`}>
                    {c.name}
                  </a>
                </td>
                <td data-label="Entity id">
                  <div>
                    <code class="wrap">{c.entityId}</code> <CopyButton value={c.entityId} what={`entity id of ${c.name}`} />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Page>
  );
}
