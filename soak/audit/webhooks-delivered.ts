// Every payment and registration event (chargebacks are PAYMENT events) was delivered at least once
// to every endpoint that wanted it, unless that endpoint answered 410: its delivery row is
// delivered, has its attempts recorded, and the receiver itself got the event id and acknowledged it;
// the 410 endpoint is disabled, and the odd-bytes receiver's answers are recorded as text.

import { verdict, type AuditInput, type Verdict } from './verdict.js';

export async function webhooksDelivered({ db, receivers }: AuditInput): Promise<Verdict> {
  const findings: string[] = [];
  const wanted = receivers.filter((r) => r.temper !== 'gone');
  const { rows: events } = await db.query<{ id: string; type: string }>("select id, type from webhook_events where type in ('PAYMENT', 'REGISTRATION')");
  const { rows: deliveries } = await db.query<{ event_id: string; endpoint_id: string; state: string; attempts: number; recorded: string }>(
    'select d.event_id, d.endpoint_id, d.state, d.attempts, (select count(*) from webhook_attempts a where a.delivery_id = d.id) as recorded from webhook_deliveries d where d.endpoint_id = any($1::text[])',
    [wanted.map((r) => r.endpointId)],
  );
  const byPair = new Map(deliveries.map((d) => [`${d.event_id} ${d.endpoint_id}`, d]));
  let checked = 0;
  for (const receiver of wanted) {
    const acknowledged = new Set(receiver.arrivals.filter((a) => a.status >= 200 && a.status < 300 && a.eventId).map((a) => a.eventId as string));
    for (const event of events) {
      checked += 1;
      const delivery = byPair.get(`${event.id} ${receiver.endpointId}`);
      if (!delivery) findings.push(`${event.type} event ${event.id}: no delivery to ${receiver.name}`);
      else if (delivery.state !== 'delivered') findings.push(`${event.type} event ${event.id} to ${receiver.name}: ${delivery.state} after ${delivery.attempts} attempts`);
      else if (Number(delivery.recorded) < 1) findings.push(`${event.type} event ${event.id} to ${receiver.name}: delivered with no attempt recorded`);
      else if (!acknowledged.has(event.id)) findings.push(`${event.type} event ${event.id}: delivered to ${receiver.name} by the database, never acknowledged by the receiver`);
    }
  }
  // The odd bytes are kept as text: U+FFFD for what is not UTF-8 or a NUL, never the raw bytes.
  const odd = receivers.find((r) => r.temper === 'odd-bytes');
  if (odd) {
    const { rows } = await db.query<{ response_start: string | null }>(
      'select a.response_start from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id where d.endpoint_id = $1 and a.status = 200',
      [odd.endpointId],
    );
    const bad = rows.filter((r) => r.response_start === null || r.response_start.includes('\u0000') || !r.response_start.includes('\uFFFD'));
    if (bad.length > 0) findings.push(`${bad.length} of ${rows.length} answers of the odd-bytes receiver recorded otherwise than as text with U+FFFD: ${JSON.stringify(bad[0]?.response_start)}`);
  }
  const gone = receivers.find((r) => r.temper === 'gone');
  if (gone) {
    const { rows } = await db.query<{ state: string }>('select state from webhook_endpoints where id = $1', [gone.endpointId]);
    if (events.length > 0 && rows[0]?.state === 'active') findings.push(`the endpoint that answered 410 (${gone.endpointId}) is still active`);
  }
  return verdict('every event delivered to every endpoint that wanted it', checked, findings, `${events.length} events, ${wanted.length} endpoints (the 410 one excepted)`);
}
