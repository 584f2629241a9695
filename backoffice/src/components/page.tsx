// The frame of each page inside the shell: its title (which also names the browser tab) and,
// beside it, the page's main actions.

import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';
import { me } from '../api/session.js';

export function Page({ title, actions, children }: { title: string; actions?: ComponentChildren; children: ComponentChildren }) {
  useEffect(() => {
    document.title = `${title} · ${me.value?.merchant.name ?? 'Back office'}`;
  }, [title]);
  return (
    <>
      <div class="page-head">
        <h1>{title}</h1>
        {actions && <div class="page-actions">{actions}</div>}
      </div>
      {children}
    </>
  );
}
