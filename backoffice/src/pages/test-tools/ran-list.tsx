// What a clock move ran, kind by kind, in words; a move that ran nothing says so.

import type { Ran } from './types.js';

const KINDS: readonly { key: keyof Ran; one: string; many: string }[] = [
  { key: 'scheduleCharges', one: 'scheduled charge fired', many: 'scheduled charges fired' },
  { key: 'voucherSlips', one: 'voucher slip paid or expired', many: 'voucher slips paid or expired' },
  { key: 'redirectExpiries', one: 'redirect payment expired', many: 'redirect payments expired' },
  { key: 'settledDays', one: 'day settled, with its reconciliation file', many: 'days settled, with their reconciliation files' },
];

export function RanList({ ran }: { ran: Ran }) {
  const happened = KINDS.filter((k) => ran[k.key] > 0);
  if (happened.length === 0) return <p>Nothing was due in between.</p>;
  return (
    <ul class="test-tools-ran">
      {happened.map((k) => (
        <li key={k.key}>
          <strong class="num">{ran[k.key]}</strong> {ran[k.key] === 1 ? k.one : k.many}
        </li>
      ))}
    </ul>
  );
}
