// The frame of the pages shown before anyone is signed in: one calm card in the middle.

import type { ComponentChildren } from 'preact';

export function AuthFrame({ title, lead, children }: { title: string; lead?: ComponentChildren; children: ComponentChildren }) {
  return (
    <main class="auth" id="main">
      <div class="auth-card">
        <p class="auth-product">Back office</p>
        <h1>{title}</h1>
        {lead && <p class="lead">{lead}</p>}
        {children}
      </div>
    </main>
  );
}
