// The role picker of the People page (inviting, changing a role): the roles the signed-in person
// may hand out, each with its one-line summary as the field's hint.

import type { Role } from '../../api/types.js';
import { Field } from '../../components/field.js';
import { label, ROLE_NAMES, ROLE_SUMMARIES } from '../../format/labels.js';
import { assignableRoles } from './roles.js';

export function RoleSelect({ fieldLabel, role, onChange }: { fieldLabel: string; role: Role; onChange: (role: Role) => void }) {
  return (
    <Field label={fieldLabel} hint={ROLE_SUMMARIES[role]}>
      {({ id, describedBy }) => (
        <select id={id} aria-describedby={describedBy} value={role} onInput={(e) => onChange(e.currentTarget.value as Role)}>
          {assignableRoles().map((r) => (
            <option key={r} value={r}>
              {label(ROLE_NAMES, r)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
