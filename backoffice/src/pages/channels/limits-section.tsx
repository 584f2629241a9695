// The channel's throttle (operations per second, each operation on its own) and how long a payment
// may be reversed. An empty field leaves it to the relay's default.

import { useState } from 'preact/hooks';
import { Field } from '../../components/field.js';
import { formatNumber } from './numbers.js';
import { SectionCard, useSection, type SectionProps } from './section.js';
import { OPERATIONS, type ChannelView, type Operation } from './types.js';

const OPERATION_NAMES: Readonly<Record<Operation, string>> = {
  payments: 'Payments',
  followUps: 'Captures and refunds',
  registrations: 'Stored cards',
  checkouts: 'Checkouts',
  reads: 'Reads',
};

type Texts = Record<Operation | 'cutoff', string>;

const textsOf = (c: ChannelView): Texts => ({
  ...(Object.fromEntries(OPERATIONS.map((op) => [op, c.settings.throttle[op]?.toString() ?? ''])) as Record<Operation, string>),
  cutoff: c.settings.reversalCutoffHours?.toString() ?? '',
});

/** What the API takes: a text of digits as it is (it checks it), empty as "the default". */
const valueOf = (text: string) => (text.trim() === '' ? null : text.trim());

export function LimitsSection(props: SectionProps) {
  const state = useSection(props);
  const [texts, setTexts] = useState(textsOf(props.channel));
  const { defaults } = props.channel;
  const submit = () =>
    state.save(
      {
        throttle: Object.fromEntries(OPERATIONS.map((op) => [op, valueOf(texts[op])])),
        reversalCutoffHours: valueOf(texts.cutoff),
      },
      (c) => setTexts(textsOf(c)),
    );
  const set = (name: keyof Texts, value: string) => setTexts((t) => ({ ...t, [name]: value }));
  return (
    <SectionCard id="limits-title" title="Limits" description="Requests per second this channel may send of each kind (0: no limit), and how long a payment may be reversed. Empty: the relay's default." state={state} fields={['throttle', 'reversalCutoffHours']} onSubmit={submit}>
      <fieldset class="fieldset">
        <legend>Requests per second</legend>
        <div class="inline-fields">
          {OPERATIONS.map((op) => (
            <Field key={op} label={OPERATION_NAMES[op]} hint={`Default ${formatNumber(defaults.throttle[op])}`} error={state.problem(`throttle.${op}`)}>
              {({ id, describedBy, invalid }) => <input id={id} inputMode="numeric" aria-describedby={describedBy} aria-invalid={invalid} value={texts[op]} onInput={(e) => set(op, e.currentTarget.value)} />}
            </Field>
          ))}
        </div>
      </fieldset>
      <Field label="Reversal cut-off, hours" hint={`After this, a payment can no longer be reversed. Default ${formatNumber(defaults.reversalCutoffHours)}.`} error={state.problem('reversalCutoffHours')} class="channels-short">
        {({ id, describedBy, invalid }) => <input id={id} inputMode="numeric" aria-describedby={describedBy} aria-invalid={invalid} value={texts.cutoff} onInput={(e) => set('cutoff', e.currentTarget.value)} />}
      </Field>
    </SectionCard>
  );
}
