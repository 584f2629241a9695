// The audit log: who did what, when, from where, and what it changed, newest first, filtered by
// person, action and dates. Owners (audit.export) export the filtered log as CSV.

import { useLocation } from 'preact-iso/router';
import { useEffect, useState } from 'preact/hooks';
import { api, query } from '../api/client.js';
import { can } from '../api/session.js';
import type { AuditEntry, User } from '../api/types.js';
import { Field } from '../components/field.js';
import { ErrorNotice, Loading } from '../components/notice.js';
import { Page } from '../components/page.js';
import { asApiError, useLoad } from '../components/use-load.js';
import { dayBound, dayOf, formatPreciseTime } from '../format/dates.js';

const NAMES = ['userId', 'action', 'from', 'to'] as const;
type AuditFilters = Partial<Record<(typeof NAMES)[number], string>>;

interface Listing {
  entries: AuditEntry[];
  next?: string;
}

export function AuditPage() {
  const location = useLocation();
  const filters: AuditFilters = Object.fromEntries(NAMES.filter((n) => location.query[n]).map((n) => [n, location.query[n]]));
  const key = query(filters);
  // Those who read the log manage people too (owner, admin): the person filter names them.
  const people = useLoad(() => (can('users.manage') ? api<{ users: User[] }>('GET', '/users') : Promise.resolve({ users: [] })), []);
  const first = useLoad(() => api<Listing>('GET', `/audit${query({ ...filters, limit: '50' })}`), [key]);
  const [more, setMore] = useState<Listing[]>([]);
  const [moreError, setMoreError] = useState<{ message: string }>();
  useEffect(() => setMore([]), [key]);
  const pages = first.data ? [first.data, ...more] : [];
  const entries = pages.flatMap((p) => p.entries);
  const next = pages.at(-1)?.next;
  const loadMore = async () => {
    if (!next) return;
    try {
      const page = await api<Listing>('GET', `/audit${query({ ...filters, limit: '50', after: next })}`);
      setMore((m) => [...m, page]);
    } catch (e) {
      setMoreError(asApiError(e));
    }
  };

  return (
    <Page
      title="Audit log"
      actions={
        can('audit.export') && (
          <a class="button" href={`/api/audit/export.csv${key}`} download>
            Export CSV
          </a>
        )
      }
    >
      <AuditFiltersForm filters={filters} people={people.data?.users ?? []} onApply={(f) => location.route(`/audit${query(f)}`)} />
      <ErrorNotice error={first.error} />
      {first.loading && !first.data ? (
        <Loading what="the audit log" />
      ) : entries.length === 0 ? (
        <p class="result-count">No entries match.</p>
      ) : (
        <table class="table audit-table">
          <caption class="visually-hidden">Audit log, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Action</th>
              <th scope="col">On</th>
              <th scope="col">Change</th>
              <th scope="col">From address</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td data-label="When">{formatPreciseTime(entry.at)}</td>
                <td data-label="Who" class="wrap">
                  {entry.userEmail ?? entry.userId ?? <span class="muted">The relay</span>}
                </td>
                <td data-label="Action" class="mono">
                  {entry.action}
                </td>
                <td data-label="On" class="mono wrap">
                  {entry.target ?? '—'}
                </td>
                <td data-label="Change" class="wrap">
                  <Change before={entry.before} after={entry.after} />
                </td>
                <td data-label="From address" class="mono">
                  {entry.address ?? '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ErrorNotice error={moreError} />
      {next && (
        <p class="load-more">
          <button type="button" class="button" onClick={loadMore}>
            Load more
          </button>
        </p>
      )}
    </Page>
  );
}

/** Each changed value as `name: before → after`. */
function Change({ before, after }: { before: AuditEntry['before']; after: AuditEntry['after'] }) {
  const names = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (names.length === 0) return <span class="muted">—</span>;
  const show = (value: unknown) => (value === undefined ? '∅' : typeof value === 'string' ? value : JSON.stringify(value));
  return (
    <ul class="change-list">
      {names.map((name) => (
        <li key={name}>
          <span class="muted">{name}:</span> {before && name in before ? `${show(before[name])} → ` : ''}
          {show(after?.[name])}
        </li>
      ))}
    </ul>
  );
}

function AuditFiltersForm({ filters, people, onApply }: { filters: AuditFilters; people: readonly User[]; onApply: (f: AuditFilters) => void }) {
  const [draft, setDraft] = useState({ userId: filters.userId ?? '', action: filters.action ?? '', fromDay: dayOf(filters.from), toDay: dayOf(filters.to) });
  const set = (name: keyof typeof draft) => (event: Event) => setDraft((d) => ({ ...d, [name]: (event.currentTarget as HTMLInputElement).value }));
  const submit = (event: Event) => {
    event.preventDefault();
    onApply({ userId: draft.userId.trim(), action: draft.action.trim(), from: dayBound(draft.fromDay), to: dayBound(draft.toDay, true) });
  };
  return (
    <form class="filters filter-grid audit-filters" aria-label="Audit log filters" onSubmit={submit}>
      <Field label="Person">
        {({ id }) =>
          people.length > 0 ? (
            <select id={id} value={draft.userId} onInput={set('userId')}>
              <option value="">Anyone</option>
              {people.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.email}
                </option>
              ))}
            </select>
          ) : (
            <input id={id} value={draft.userId} placeholder="user id" onInput={set('userId')} />
          )
        }
      </Field>
      <Field label="Action" hint="e.g. payment.refund, signIn.failed">
        {({ id, describedBy }) => <input id={id} aria-describedby={describedBy} value={draft.action} onInput={set('action')} />}
      </Field>
      <Field label="From">{({ id }) => <input id={id} type="date" value={draft.fromDay} onInput={set('fromDay')} />}</Field>
      <Field label="To">{({ id }) => <input id={id} type="date" value={draft.toDay} onInput={set('toDay')} />}</Field>
      <div class="filter-buttons">
        <button type="submit" class="button button-primary">
          Apply
        </button>
      </div>
    </form>
  );
}
