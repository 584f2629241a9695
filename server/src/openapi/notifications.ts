// The notifications the relay POSTs to a merchant's webhook endpoints, as OpenAPI 3.1 describes
// requests an API makes (the document's `webhooks`): the encrypted body and its headers
// (webhooks/headers.ts), and what the body decrypts to (`Notification`).

import { EVENT_TYPES } from '../domain/webhooks.js';
import { EVENT_ID_HEADER, IV_HEADER, TAG_HEADER } from '../webhooks/headers.js';
import { response } from '../../../spec/params/response.js';
import { formatSchema, type JsonSchema } from './format-schema.js';
import { ref } from './result-components.js';

const HEX = { type: 'string', pattern: '^(?:[0-9a-fA-F]{2})+$' } as const;

function responseRow(name: string): JsonSchema {
  const row = response.find((r) => r.name === name);
  if (!row) throw new Error(`openapi: no response row ${name}`);
  return { ...formatSchema(row.format), ...(row.notes ? { description: row.notes } : {}) };
}

/** What a notification's body decrypts to. */
export function notificationSchema(): JsonSchema {
  return {
    type: 'object',
    description: 'A notification, decrypted. `type` test: an endpoint\'s activation or test notification.',
    required: ['type', 'action', 'payload'],
    properties: {
      type: { enum: [...EVENT_TYPES, 'test'] },
      action: { type: 'string', description: 'CREATED (a new record), UPDATED (a pending payment settled), DELETED (a registration); for a test, what it tests.' },
      payload: {
        type: 'object',
        description: 'The API\'s answer for the record (see Payment, Registration), plus what a notification adds. Tolerate fields you do not know.',
        properties: {
          eventId: { ...formatSchema('/^[0-9a-f]{32}$/'), description: `The event, as the ${EVENT_ID_HEADER} header names it: a redelivery has the same.` },
          referencedId: responseRow('referencedId'),
          presentationAmount: responseRow('presentationAmount'),
          presentationCurrency: responseRow('presentationCurrency'),
          authentication: { type: 'object', properties: { entityId: formatSchema('/^[a-f0-9]{32}$/') } },
          result: ref('Result'),
        },
        required: ['eventId'],
      },
    },
  };
}

/** The document's `webhooks`: the one request every endpoint receives. */
export function notificationWebhooks(): JsonSchema {
  const header = (name: string, description: string, schema: JsonSchema) => ({ name, in: 'header', required: true, description, schema });
  return {
    notification: {
      post: {
        summary: 'A notification to a webhook endpoint',
        description:
          'POSTed to each endpoint that wants its type (and to a payment\'s notificationUrl). The body is the hex of the notification encrypted with AES-256-GCM, the key being the endpoint\'s secret (64 hex characters); it decrypts to a `Notification`. Answer any 2xx within the timeout; anything else is retried.',
        parameters: [
          header(IV_HEADER, 'The 12-byte IV of this attempt, hex.', HEX),
          header(TAG_HEADER, 'The GCM authentication tag, hex: a notification that decrypts is from the relay.', HEX),
          header(EVENT_ID_HEADER, 'The event\'s id: the same on every redelivery of it.', formatSchema('/^[0-9a-f]{32}$/')),
        ],
        requestBody: {
          required: true,
          content: { 'text/plain': { schema: { ...HEX, description: 'The encrypted notification, hex.', 'x-decrypted': ref('Notification') } } },
        },
        responses: { '2XX': { description: 'Acknowledged: the delivery is done.' }, default: { description: 'Not acknowledged: the delivery is attempted again later.' } },
      },
    },
  };
}
