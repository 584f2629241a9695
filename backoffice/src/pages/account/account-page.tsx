// The signed-in person's own account: their second factor and their password.

import { me } from '../../api/session.js';
import { Page } from '../../components/page.js';
import { label, ROLE_NAMES } from '../../format/labels.js';
import { PasswordForm } from './password-form.js';
import { TwoFactor } from './two-factor.js';

export function AccountPage() {
  const person = me.value;
  if (!person) return null;
  return (
    <Page title="Account">
      <p class="lead">
        Signed in as <strong>{person.user.email}</strong>, {label(ROLE_NAMES, person.user.role)} at {person.merchant.name}.
      </p>
      <TwoFactor />
      <PasswordForm />
    </Page>
  );
}
