// One section of a channel's settings: its own form, saved on its own (the API keeps the settings
// a request leaves out), its problems shown next to its fields and its saved state announced.

import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { api, type ApiError } from '../../api/client.js';
import { ErrorNotice, StatusNotice } from '../../components/notice.js';
import { asApiError } from '../../components/use-load.js';
import type { ChannelView } from './types.js';

export interface SectionProps {
  channel: ChannelView;
  /** The channel as the API answered a save. */
  onSaved: (channel: ChannelView) => void;
}

/** The API's message as a sentence: "must be …" → "Must be …". */
const sentence = (message: string) => message.charAt(0).toUpperCase() + message.slice(1);

export interface SectionState {
  busy: boolean;
  error: ApiError | undefined;
  saved: boolean;
  /** The messages of the parameters named `name`, `name[i]` or `name.field`, as sentences; undefined when none. */
  problem(name: string): string | undefined;
  /** A field changed: the saved note no longer holds. */
  edited(): void;
  save(body: Record<string, unknown>, then: (channel: ChannelView) => void): Promise<void>;
}

export function useSection({ channel, onSaved }: SectionProps): SectionState {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError>();
  const [saved, setSaved] = useState(false);
  const problem = (name: string) => {
    const found = (error?.body.parameters ?? []).filter((p) => p.name === name || p.name.startsWith(`${name}[`) || p.name.startsWith(`${name}.`));
    return found.length > 0 ? found.map((p) => sentence(p.message)).join(' ') : undefined;
  };
  return {
    busy,
    error,
    saved,
    problem,
    edited: () => setSaved(false),
    async save(body, then) {
      if (busy) return;
      setBusy(true);
      setError(undefined);
      setSaved(false);
      try {
        const next = await api<ChannelView>('PUT', `/channels/${encodeURIComponent(channel.entityId)}/settings`, body);
        then(next);
        onSaved(next);
        setSaved(true);
      } catch (e) {
        setError(asApiError(e));
      } finally {
        setBusy(false);
      }
    },
  };
}

interface SectionCardProps {
  /** The section's heading id: its form is named by it. */
  id: string;
  title: string;
  description: ComponentChildren;
  state: SectionState;
  /** The parameters the section's fields show; any other problem is shown under the form. */
  fields: readonly string[];
  onSubmit: () => void;
  children: ComponentChildren;
}

export function SectionCard({ id, title, description, state, fields, onSubmit, children }: SectionCardProps) {
  const shown = (name: string) => fields.some((f) => name === f || name.startsWith(`${f}[`) || name.startsWith(`${f}.`));
  const parameters = state.error?.body.parameters ?? [];
  const other = state.error && (parameters.length === 0 || parameters.some((p) => !shown(p.name))) ? state.error : undefined;
  return (
    <section class="card" aria-labelledby={id}>
      <form
        class="stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
        onInput={state.edited}
      >
        <div>
          <h2 id={id}>{title}</h2>
          <p class="muted">{description}</p>
        </div>
        {children}
        <ErrorNotice error={other} />
        {state.saved && <StatusNotice>{title}: saved.</StatusNotice>}
        <div>
          <button type="submit" class="button button-primary" disabled={state.busy} aria-busy={state.busy}>
            Save<span class="visually-hidden"> {title}</span>
          </button>
        </div>
      </form>
    </section>
  );
}
