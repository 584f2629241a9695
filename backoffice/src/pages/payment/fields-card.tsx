// A free-form group of the payment's data (customer, billing address, custom parameters), shown
// as the names and values the merchant sent.

import { Fragment } from 'preact';
import type { Fields } from '../../api/types.js';

export function FieldsCard({ title, fields, mono }: { title: string; fields: Fields; mono?: boolean }) {
  const entries = Object.entries(fields).filter(([, value]) => value !== null && value !== undefined && value !== '');
  if (entries.length === 0) return null;
  return (
    <section class="card" aria-label={title}>
      <h2>{title}</h2>
      <dl class="facts">
        {entries.map(([name, value]) => (
          <Fragment key={name}>
            <dt class={mono ? 'mono' : undefined}>
              {humanName(name, mono)}
            </dt>
            <dd>{typeof value === 'object' ? JSON.stringify(value) : String(value)}</dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}

/** `givenName` → "Given name"; custom parameters keep their names as sent. */
function humanName(name: string, asSent?: boolean): string {
  if (asSent) return name;
  const words = name
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .toLowerCase()
    .replace(/\b(ip|id|iban)\b/g, (w) => w.toUpperCase())
    .replace(/\bemail\b/, 'e-mail');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
