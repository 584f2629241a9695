// Credentials: each channel's entityId to copy into the shop's configuration, and the access
// tokens by name, creation and last use. A new token is shown once; rotating a leaked token is
// "create a second, deploy it, revoke the first", both working in between.

import { useState } from 'preact/hooks';
import { api } from '../api/client.js';
import type { Channel, Token } from '../api/types.js';
import { Confirm } from '../components/confirm.js';
import { CopyButton, Secret } from '../components/copy-button.js';
import { Field } from '../components/field.js';
import { ErrorNotice, Loading, StatusNotice } from '../components/notice.js';
import { Page } from '../components/page.js';
import { asApiError, useLoad } from '../components/use-load.js';
import { formatDateTime } from '../format/dates.js';

export function CredentialsPage() {
  const credentials = useLoad(() => api<{ channels: Channel[]; tokens: Token[] }>('GET', '/credentials'), []);
  const [created, setCreated] = useState<{ name: string; token: string }>();
  const [revoking, setRevoking] = useState<Token>();
  const [revoked, setRevoked] = useState<string>();

  return (
    <Page title="Credentials">
      <ErrorNotice error={credentials.error} />
      {!credentials.data ? (
        credentials.loading && <Loading what="credentials" />
      ) : (
        <>
          <section class="card" aria-labelledby="channels-title">
            <h2 id="channels-title">Channels</h2>
            <p class="muted">Your shop sends the entity id with every request, next to an access token.</p>
            <ul class="plain-list">
              {credentials.data.channels.map((channel) => (
                <li key={channel.entityId} class="channel">
                  <span>{channel.name}</span>
                  <code class="wrap">{channel.entityId}</code>
                  <CopyButton value={channel.entityId} what={`entity id of ${channel.name}`} />
                </li>
              ))}
            </ul>
          </section>
          <section class="card" aria-labelledby="tokens-title">
            <h2 id="tokens-title">Access tokens</h2>
            <p class="muted">To replace a token without downtime, create a new one, put it in your shop, then revoke the old one: both work in between.</p>
            {created && <NewToken {...created} onDismiss={() => setCreated(undefined)} />}
            {revoked && <StatusNotice>{revoked}</StatusNotice>}
            <TokenTable tokens={credentials.data.tokens} onRevoke={(t) => (setRevoked(undefined), setRevoking(t))} />
            <CreateToken
              onCreated={(token) => {
                setCreated(token);
                credentials.reload();
              }}
            />
          </section>
        </>
      )}
      {revoking && (
        <Confirm
          title="Revoke access token"
          confirm={`Revoke “${revoking.name}”`}
          danger
          run={() => api('DELETE', `/credentials/tokens/${encodeURIComponent(revoking.id)}`)}
          onClose={() => setRevoking(undefined)}
          onDone={() => {
            setRevoked(`“${revoking.name}” is revoked: requests with it are refused from now on.`);
            setRevoking(undefined);
            credentials.reload();
          }}
        >
          <p>
            Requests that use <strong>{revoking.name}</strong> will be refused at once. Make sure your shop already uses another token.
          </p>
        </Confirm>
      )}
    </Page>
  );
}

function TokenTable({ tokens, onRevoke }: { tokens: readonly Token[]; onRevoke: (token: Token) => void }) {
  return (
    <table class="table">
      <caption class="visually-hidden">Access tokens</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Created</th>
          <th scope="col">Last used</th>
          <th scope="col">
            <span class="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {tokens.map((token) => (
          <tr key={token.id}>
            <td data-label="Name">{token.name}</td>
            <td data-label="Created">{formatDateTime(token.createdAt)}</td>
            <td data-label="Last used">{token.lastUsedAt ? formatDateTime(token.lastUsedAt) : 'Never'}</td>
            <td class="row-actions">
              <button type="button" class="button button-small button-danger-quiet" onClick={() => onRevoke(token)}>
                Revoke<span class="visually-hidden"> {token.name}</span>
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function NewToken({ name, token, onDismiss }: { name: string; token: string; onDismiss: () => void }) {
  return (
    <div class="reveal" role="region" aria-label="New access token">
      <p>
        <strong>Copy the token “{name}” now.</strong> It is shown only this once; if it is lost, create another.
      </p>
      <Secret value={token} what="new access token" />
      <button type="button" class="button button-small" onClick={onDismiss}>
        I have copied it
      </button>
    </div>
  );
}

function CreateToken({ onCreated }: { onCreated: (token: { name: string; token: string }) => void }) {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ReturnType<typeof asApiError>>();
  const submit = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      const answer = await api<{ name: string; token: string }>('POST', '/credentials/tokens', { name: name.trim() });
      onCreated(answer);
      setName('');
    } catch (e) {
      setError(asApiError(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="inline-form" onSubmit={submit}>
      <Field label="New token's name" hint="Where it will be used, e.g. “Shop backend, 2027”." error={error?.parameter('name')}>
        {({ id, describedBy, invalid }) => <input id={id} required maxLength={100} aria-describedby={describedBy} aria-invalid={invalid} value={name} onInput={(e) => setName(e.currentTarget.value)} />}
      </Field>
      <button type="submit" class="button button-primary" disabled={busy} aria-busy={busy}>
        Create token
      </button>
      <ErrorNotice error={error && !error.parameter('name') ? error : undefined} />
    </form>
  );
}
