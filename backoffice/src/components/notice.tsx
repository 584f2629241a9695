// A message in the page's flow: errors are announced at once (alert), other news politely (status).

import type { ComponentChildren } from 'preact';

export function ErrorNotice({ error }: { error: { message: string } | undefined | null }) {
  if (!error) return null;
  return (
    <p class="notice notice-error" role="alert">
      {error.message}
    </p>
  );
}

export function StatusNotice({ children }: { children: ComponentChildren }) {
  return (
    <p class="notice notice-ok" role="status">
      {children}
    </p>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p class="loading" role="status">
      Loading {what}…
    </p>
  );
}
