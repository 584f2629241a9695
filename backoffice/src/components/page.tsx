// The frame of each page inside the shell: its title (which also names the browser tab) and,
// beside it, the page's main actions.

import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';
import { me } from '../api/session.js';

interface PageProps {
  title: string;
  /** A link back to where this page is opened from, above the title. */
  back?: { href: string; label: string };
  actions?: ComponentChildren;
  children: ComponentChildren;
}

export function Page({ title, back, actions, children }: PageProps) {
  useEffect(() => {
    document.title = `${title} · ${me.value?.merchant.name ?? 'Back office'}`;
  }, [title]);
  return (
    <>
      {back && (
        <p class="back">
          <a href={back.href}>← {back.label}</a>
        </p>
      )}
      <div class="page-head">
        <h1>{title}</h1>
        {actions && <div class="page-actions">{actions}</div>}
      </div>
      {children}
    </>
  );
}
