// The channel's country profile (which currencies and methods its payments follow) and the time
// zone its schedules' job fields are read in.

import { useState } from 'preact/hooks';
import { Field } from '../../components/field.js';
import { SectionCard, useSection, type SectionProps } from './section.js';

/** The zones the browser knows, offered as suggestions (the relay checks the one given). */
const ZONES: readonly string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

export function RegionSection(props: SectionProps) {
  const state = useSection(props);
  const [country, setCountry] = useState(props.channel.settings.country ?? '');
  const [zone, setZone] = useState(props.channel.settings.timeZone ?? '');
  const submit = () =>
    state.save({ country: country === '' ? null : country, timeZone: zone.trim() === '' ? null : zone.trim() }, (c) => {
      setCountry(c.settings.country ?? '');
      setZone(c.settings.timeZone ?? '');
    });
  return (
    <SectionCard id="region-title" title="Country and time zone" description="The country's rules for currencies and payment methods, and the time zone schedules run in." state={state} fields={['country', 'timeZone']} onSubmit={submit}>
      <div class="inline-fields">
        <Field label="Country" hint="None: any currency, card test flows" error={state.problem('country')}>
          {({ id, describedBy, invalid }) => (
            <select id={id} aria-describedby={describedBy} aria-invalid={invalid} value={country} onChange={(e) => setCountry(e.currentTarget.value)}>
              <option value="">None</option>
              <option value="BR">Brazil (BR)</option>
              <option value="MX">Mexico (MX)</option>
              <option value="CO">Colombia (CO)</option>
            </select>
          )}
        </Field>
        <Field label="Time zone" hint={`Such as Europe/Berlin. Empty: ${props.channel.defaults.timeZone}`} error={state.problem('timeZone')}>
          {({ id, describedBy, invalid }) => (
            <>
              <input id={id} list="channels-zones" spellcheck={false} autocapitalize="off" aria-describedby={describedBy} aria-invalid={invalid} value={zone} onInput={(e) => setZone(e.currentTarget.value)} />
              <datalist id="channels-zones">
                {ZONES.map((z) => (
                  <option key={z} value={z} />
                ))}
              </datalist>
            </>
          )}
        </Field>
      </div>
    </SectionCard>
  );
}
