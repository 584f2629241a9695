// A filter's select of named codes, "Any" first.

import { Field } from '../../components/field.js';

interface ChoiceProps {
  label: string;
  value: string | undefined;
  options: Readonly<Record<string, string>>;
  onInput: (event: Event) => void;
  /** Show each code beside its name (payment types are known by their codes too). */
  codes?: boolean;
}

export function Choice({ label, value, options, onInput, codes }: ChoiceProps) {
  return (
    <Field label={label}>
      {({ id }) => (
        <select id={id} value={value ?? ''} onInput={onInput}>
          <option value="">Any</option>
          {Object.entries(options).map(([code, name]) => (
            <option key={code} value={code}>
              {codes ? `${name} (${code})` : name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
