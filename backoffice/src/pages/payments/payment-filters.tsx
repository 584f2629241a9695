// The search box and the filters of the payments list. The box finds a payment by its id, its
// checkout's id, the order number (merchantTransactionId), a card's last four digits or an
// e-mail; the other filters fold away so the list stays in view on a small screen.

import { useEffect, useState } from 'preact/hooks';
import type { Channel } from '../../api/types.js';
import { Field } from '../../components/field.js';
import { dayBound, dayOf } from '../../format/dates.js';
import { METHODS, PAYMENT_TYPES, STATUSES } from '../../format/labels.js';
import { AMOUNT } from '../../format/money.js';
import { countFilters, type Filters } from './filter-query.js';
import { Choice } from './choice.js';

interface Props {
  filters: Filters;
  channels: readonly Channel[];
  onApply: (filters: Filters) => void;
}

/** The form's own values: dates as the inputs hold them (local days). */
type Draft = Filters & { fromDay?: string; toDay?: string };

function draftOf(filters: Filters): Draft {
  return { ...filters, fromDay: dayOf(filters.from), toDay: dayOf(filters.to) };
}

export function PaymentFilters({ filters, channels, onApply }: Props) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(filters));
  const key = JSON.stringify(filters);
  useEffect(() => setDraft(draftOf(filters)), [key]);
  const set = (name: keyof Draft) => (event: Event) => setDraft((d) => ({ ...d, [name]: (event.currentTarget as HTMLInputElement).value }));
  const badAmount = (name: 'amountMin' | 'amountMax') => (draft[name] && !AMOUNT.test(draft[name]!) ? 'An amount such as 12.50' : undefined);

  const submit = (event: Event) => {
    event.preventDefault();
    if (badAmount('amountMin') || badAmount('amountMax')) return;
    const { fromDay, toDay, ...rest } = draft;
    onApply({ ...rest, q: rest.q?.trim(), from: fromDay ? dayBound(fromDay) : undefined, to: toDay ? dayBound(toDay, true) : undefined });
  };
  const active = countFilters(filters);

  return (
    <form class="filters" role="search" aria-label="Payments" onSubmit={submit}>
      <div class="search-row">
        <Field label="Search" hint="Payment or checkout id, order number, last 4 card digits, or e-mail" class="search-field">
          {({ id, describedBy }) => <input id={id} type="search" aria-describedby={describedBy} value={draft.q ?? ''} onInput={set('q')} />}
        </Field>
        <button type="submit" class="button button-primary">
          Search
        </button>
      </div>
      <details class="filter-panel" open={active > 0}>
        <summary>Filters{active > 0 ? ` (${active} on)` : ''}</summary>
        <div class="filter-grid">
          <Field label="From">{({ id }) => <input id={id} type="date" value={draft.fromDay ?? ''} onInput={set('fromDay')} />}</Field>
          <Field label="To">{({ id }) => <input id={id} type="date" value={draft.toDay ?? ''} onInput={set('toDay')} />}</Field>
          <Choice label="Status" value={draft.status} options={STATUSES} onInput={set('status')} />
          <Choice label="Type" value={draft.paymentType} options={PAYMENT_TYPES} onInput={set('paymentType')} codes />
          <Choice label="Method" value={draft.method} options={METHODS} onInput={set('method')} />
          <Field label="Brand" hint="e.g. VISA">
            {({ id, describedBy }) => <input id={id} aria-describedby={describedBy} autocapitalize="characters" value={draft.brand ?? ''} onInput={set('brand')} />}
          </Field>
          <Field label="Amount from" error={badAmount('amountMin')}>
            {({ id, describedBy, invalid }) => <input id={id} inputMode="decimal" aria-describedby={describedBy} aria-invalid={invalid} value={draft.amountMin ?? ''} onInput={set('amountMin')} />}
          </Field>
          <Field label="Amount to" error={badAmount('amountMax')}>
            {({ id, describedBy, invalid }) => <input id={id} inputMode="decimal" aria-describedby={describedBy} aria-invalid={invalid} value={draft.amountMax ?? ''} onInput={set('amountMax')} />}
          </Field>
          {channels.length > 1 && (
            <Choice label="Channel" value={draft.channel} options={Object.fromEntries(channels.map((c) => [c.entityId, c.name]))} onInput={set('channel')} />
          )}
        </div>
        <div class="filter-buttons">
          <button type="submit" class="button button-primary">
            Apply filters
          </button>
          <button type="button" class="button button-quiet" onClick={() => onApply({})}>
            Clear all
          </button>
        </div>
      </details>
    </form>
  );
}
