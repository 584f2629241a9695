// The sites that may embed the payment widget (frame-ancestors): one origin a line; none, any site.

import { useState } from 'preact/hooks';
import { Field } from '../../components/field.js';
import { SectionCard, useSection, type SectionProps } from './section.js';

const linesOf = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean);

export function OriginsSection(props: SectionProps) {
  const state = useSection(props);
  const [text, setText] = useState(props.channel.settings.allowedOrigins.join('\n'));
  const submit = () => state.save({ allowedOrigins: linesOf(text) }, (c) => setText(c.settings.allowedOrigins.join('\n')));
  // The API names a bad origin by its place in the list: tell the line.
  const lines = linesOf(text);
  const problem = (state.error?.body.parameters ?? [])
    .map((p) => {
      const at = /^allowedOrigins\[(\d+)\]$/.exec(p.name);
      return at ? `Line ${Number(at[1]) + 1} (${lines[Number(at[1])] ?? ''}): ${p.message}.` : p.name === 'allowedOrigins' ? state.problem('allowedOrigins') : undefined;
    })
    .filter(Boolean)
    .join(' ');
  return (
    <SectionCard id="origins-title" title="Allowed origins" description="The sites that may show the payment widget in a frame. Empty: any site." state={state} fields={['allowedOrigins']} onSubmit={submit}>
      <Field label="Origins" hint="One a line, scheme and host only, such as https://shop.example" error={problem || undefined}>
        {({ id, describedBy, invalid }) => (
          <textarea id={id} rows={4} spellcheck={false} autocapitalize="off" aria-describedby={describedBy} aria-invalid={invalid} value={text} onInput={(e) => setText(e.currentTarget.value)} />
        )}
      </Field>
    </SectionCard>
  );
}
