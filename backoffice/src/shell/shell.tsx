// The frame of every signed-in page: whose back office this is and who is signed in, the
// navigation, signing out, and the page itself.

import type { ComponentChildren } from 'preact';
import { me } from '../api/session.js';
import { label, ROLE_NAMES } from '../format/labels.js';
import { Nav } from './nav.js';
import { SignOut } from './sign-out.js';
import { TwoFactorBanner } from './two-factor-banner.js';

export function Shell({ children }: { children: ComponentChildren }) {
  const person = me.value;
  if (!person) return null;
  return (
    <div class="shell">
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="topbar">
        <div class="topbar-brand">
          <span class="merchant">{person.merchant.name}</span>
          <span class="product">Back office</span>
        </div>
        <div class="topbar-person">
          <span class="who">
            {person.user.email} <span class="role">{label(ROLE_NAMES, person.user.role)}</span>
          </span>
          <SignOut />
        </div>
      </header>
      <Nav />
      <main id="main" class="main" tabIndex={-1}>
        <TwoFactorBanner />
        {children}
      </main>
    </div>
  );
}
