// The merchant's payout account for this channel, shown as merchant.bankAccount in payment answers.
// The fields given replace the whole account; all empty removes it.

import { useState } from 'preact/hooks';
import { Field } from '../../components/field.js';
import { SectionCard, useSection, type SectionProps } from './section.js';
import type { BankAccount, ChannelView } from './types.js';

/** The holder and the number in full width (an IBAN is long); BIC and country side by side. */
const FIELDS = [
  { name: 'holder', label: 'Account holder', hint: undefined, wide: true },
  { name: 'number', label: 'IBAN or account number', hint: 'Optional', wide: true },
  { name: 'bic', label: 'BIC', hint: 'Optional', wide: false },
  { name: 'country', label: 'Country', hint: 'Optional, two letters (ISO 3166)', wide: false },
] as const;

type Texts = Record<keyof BankAccount, string>;

const textsOf = (c: ChannelView): Texts => ({ holder: '', number: '', bic: '', country: '', ...c.settings.bankAccount });

export function PayoutSection(props: SectionProps) {
  const state = useSection(props);
  const [texts, setTexts] = useState(textsOf(props.channel));
  const submit = () => {
    const given = Object.fromEntries(Object.entries(texts).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v !== ''));
    state.save({ bankAccount: Object.keys(given).length === 0 ? null : given }, (c) => setTexts(textsOf(c)));
  };
  return (
    <SectionCard id="payout-title" title="Payout account" description="Where this channel's money is paid out; payment answers show it. Leave every field empty to remove it." state={state} fields={['bankAccount']} onSubmit={submit}>
      <div class="inline-fields">
        {FIELDS.map((f) => (
          <Field key={f.name} label={f.label} hint={f.hint} error={state.problem(`bankAccount.${f.name}`)} class={f.wide ? 'channels-wide' : undefined}>
            {({ id, describedBy, invalid }) => (
              <input id={id} spellcheck={false} autocomplete="off" aria-describedby={describedBy} aria-invalid={invalid} value={texts[f.name]} onInput={(e) => setTexts((t) => ({ ...t, [f.name]: e.currentTarget.value }))} />
            )}
          </Field>
        ))}
      </div>
    </SectionCard>
  );
}
