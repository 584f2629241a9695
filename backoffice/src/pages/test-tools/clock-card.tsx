// One channel's test clock: its time, moved forward by an hour, a day or to a chosen time, each
// after a confirmation (a clock never goes back, and what falls due in between runs at once), and
// then what ran.

import { useState } from 'preact/hooks';
import { api } from '../../api/client.js';
import { Badge } from '../../components/badge.js';
import { Confirm } from '../../components/confirm.js';
import { Field } from '../../components/field.js';
import { StatusNotice } from '../../components/notice.js';
import { formatPreciseTime } from '../../format/dates.js';
import { RanList } from './ran-list.js';
import type { ClockMove, TestClock } from './types.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A time as a datetime-local input shows it: the person's own time zone, to the minute. */
function localInput(at: number): string {
  const d = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * `loadedAt`: when the clocks were read (the browser's Date.now()). A clock that follows the relay's
 * time has gone on since, so "+1 hour" means an hour from now, not from when the page was loaded.
 */
export function ClockCard({ clock, loadedAt, onMoved }: { clock: TestClock; loadedAt: number; onMoved: () => void }) {
  const [move, setMove] = useState<{ from: number; to: number }>();
  const [chosen, setChosen] = useState(() => localInput(clock.time + DAY));
  const [problem, setProblem] = useState<string>();
  const [moved, setMoved] = useState<ClockMove>();
  const titleId = `clock-${clock.entityId}`;

  const current = () => (clock.ahead ? clock.time : clock.time + Math.max(0, Date.now() - loadedAt));
  const ask = (to: number) => {
    setMoved(undefined);
    setMove({ from: current(), to });
  };
  const moveTo = (event: Event) => {
    event.preventDefault();
    const at = new Date(chosen).getTime();
    if (!chosen || Number.isNaN(at)) return setProblem('Enter a date and time.');
    if (at <= current()) return setProblem('Choose a time after the clock’s time: a test clock only moves forward.');
    setProblem(undefined);
    ask(at);
  };

  return (
    <section class="card test-tools-clock" aria-labelledby={titleId}>
      <div class="card-head">
        <h2 id={titleId}>{clock.name}</h2>
        {clock.ahead ? <Badge tone="wait">Moved ahead</Badge> : <Badge tone="plain">Relay time</Badge>}
      </div>
      <dl class="facts">
        <dt>Channel</dt>
        <dd class="mono wrap">{clock.entityId}</dd>
        <dt>Clock</dt>
        <dd>
          <time dateTime={new Date(clock.time).toISOString()}>{formatPreciseTime(clock.time)}</time>
        </dd>
      </dl>
      <div class="button-row">
        <button type="button" class="button" onClick={() => ask(current() + HOUR)}>
          +1 hour<span class="visually-hidden"> on {clock.name}</span>
        </button>
        <button type="button" class="button" onClick={() => ask(current() + DAY)}>
          +1 day<span class="visually-hidden"> on {clock.name}</span>
        </button>
      </div>
      <form class="inline-form" onSubmit={moveTo} noValidate>
        <Field label="Move to" hint="In your time zone." error={problem}>
          {({ id, describedBy, invalid }) => (
            <input id={id} type="datetime-local" aria-describedby={describedBy} aria-invalid={invalid} value={chosen} onInput={(e) => setChosen(e.currentTarget.value)} />
          )}
        </Field>
        <button type="submit" class="button">
          Move clock<span class="visually-hidden"> of {clock.name}</span>
        </button>
      </form>
      {moved && (
        <StatusNotice>
          Moved from {formatPreciseTime(moved.from)} to {formatPreciseTime(moved.time)}.
        </StatusNotice>
      )}
      {moved && (
        <div class="test-tools-result" aria-label={`What ran on ${clock.name}`} role="region">
          <h3>What ran</h3>
          <RanList ran={moved.ran} />
        </div>
      )}
      {move && (
        <Confirm
          title="Move the test clock"
          confirm="Move clock"
          run={async () => setMoved(await api<ClockMove>('POST', '/test/clock', { entityId: clock.entityId, time: move.to }))}
          onClose={() => setMove(undefined)}
          onDone={() => {
            setMove(undefined);
            onMoved();
          }}
        >
          <p>
            Move the clock of <strong>{clock.name}</strong> from {formatPreciseTime(move.from)} to <strong>{formatPreciseTime(move.to)}</strong>?
          </p>
          <p>What falls due in between runs now: scheduled charges are made, voucher slips are paid or expire, redirect payments expire and closed days settle. The clock cannot be moved back.</p>
        </Confirm>
      )}
    </section>
  );
}
