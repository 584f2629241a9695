// When the business requires a second factor and the person has none, every action is refused
// (twoFactorRequired) until they set one up: the shell says so on every page, with the way there.

import { me } from '../api/session.js';

export function TwoFactorBanner() {
  const twoFactor = me.value?.twoFactor;
  if (!twoFactor?.required || twoFactor.enabled) return null;
  return (
    <p class="notice notice-warn banner" role="status">
      Your business requires two-factor sign-in. <a href="/account">Set it up on your Account page</a> to go on working.
    </p>
  );
}
