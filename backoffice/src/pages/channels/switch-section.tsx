// A setting that is on or off: strict parameters, and 3-D Secure 2 required.

import { useState } from 'preact/hooks';
import { SectionCard, useSection, type SectionProps } from './section.js';
import type { ChannelSettings } from './types.js';

interface SwitchSectionProps extends SectionProps {
  setting: 'strictParameters' | 'threeDSecure2Required';
  title: string;
  description: string;
  label: string;
}

export function SwitchSection({ setting, title, description, label, ...props }: SwitchSectionProps) {
  const state = useSection(props);
  const [on, setOn] = useState(props.channel.settings[setting]);
  const submit = () => state.save({ [setting]: on }, (c) => setOn((c.settings as ChannelSettings)[setting]));
  return (
    <SectionCard id={`${setting}-title`} title={title} description={description} state={state} fields={[setting]} onSubmit={submit}>
      <label class="check">
        <input type="checkbox" checked={on} onChange={(e) => setOn(e.currentTarget.checked)} />
        {label}
      </label>
    </SectionCard>
  );
}
