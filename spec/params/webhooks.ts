// Webhook endpoints and their deliveries: the spec leaves registration "not shown", so these rows
// are this relay's design (docs/webhooks.md), in the API's own style: form fields on POST, query
// parameters on GET, entityId on every call.

import type { ParamRow } from './row.js';

const TYPE = '(?:PAYMENT|REGISTRATION|RISK)';

export const webhooks: readonly ParamRow[] = [
  { name: 'url', format: 'hookUrl{6,2048}', requirement: 'Conditional', notes: 'Where notifications are POSTed: http or https (https for a live entity), no credentials in it.' },
  { name: 'eventTypes', format: `/^(?:${TYPE}(?:,${TYPE})*)?$/`, requirement: 'Optional', notes: 'Comma-separated notification types the endpoint wants; empty or absent = every type.' },
  { name: 'active', format: 'bool', requirement: 'Optional', notes: 'true activates (a test notification must be acknowledged), false deactivates. New endpoints activate unless false.' },
  { name: 'state', format: 'enum(pending,delivered,failed,cancelled)', requirement: 'Optional', notes: 'Only deliveries in this state.' },
  { name: 'since', format: 'datetime', requirement: 'Optional', notes: 'yyyy-MM-dd HH:mm:ss (UTC): deliveries created at or after.' },
  { name: 'eventId', format: '/^[0-9a-f]{32}$/', requirement: 'Optional', notes: 'One event: the id of X-Event-Id and of payload.eventId.' },
];
