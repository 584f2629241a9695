// The "since" of the delivery log's filter and of a redelivery: a local date and time in a
// datetime-local input, epoch ms in the API.

/** `2026-12-07T09:30` (the browser's time zone) → epoch ms; undefined when not a time. */
export function sinceOf(local: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return undefined;
  const at = new Date(local).getTime();
  return Number.isNaN(at) ? undefined : at;
}

/** Epoch ms → the datetime-local input's value, in the browser's time zone. */
export function localOf(at: number): string {
  const d = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
