// The reconciliation file of the range, one per channel (the file is a channel's, as the merchant
// API's /reports/v1/reconciliations/file gives it), downloaded as the server streams it.

import { query } from '../../api/client.js';
import type { Channel } from '../../api/types.js';
import { formatDay } from './day.js';

export function FileDownloads({ channels, from, to }: { channels: readonly Channel[]; from: string; to: string }) {
  if (channels.length === 0) return null;
  return (
    <section class="card" aria-labelledby="settlement-file">
      <h2 id="settlement-file">Reconciliation file</h2>
      <p class="hint">
        Every record of the settled days from {formatDay(from)} to {formatDay(to)}, as CSV separated by semicolons (at most 31 days a file).
      </p>
      <ul class="settlement-downloads">
        {channels.map((c) => (
          <li key={c.entityId}>
            <a class="button" href={`/api/settlement/file.csv${query({ channel: c.entityId, from, to })}`} download>
              Download {channels.length > 1 ? `${c.name}'s file` : 'the file'}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
