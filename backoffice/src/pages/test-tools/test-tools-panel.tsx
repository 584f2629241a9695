// The payment page's "Test tools" panel (test environment, testTools.use): the simulator's
// operations that fit this payment now, as `allowed.test` of its detail names them: pay or expire
// a voucher slip, approve or cancel a redirect payment as its shopper would, charge it back or
// reverse an open chargeback. Each goes through a confirmation; nothing is drawn for a person who
// may not use the tools, nor in live (where Me leaves the action out).

import { useMemo, useState } from 'preact/hooks';
import { api } from '../../api/client.js';
import { me } from '../../api/session.js';
import { Badge } from '../../components/badge.js';
import { Confirm } from '../../components/confirm.js';
import { StatusNotice } from '../../components/notice.js';
import { formatDateTime } from '../../format/dates.js';
import { formatMoney } from '../../format/money.js';
import { ChargebackDialog } from './chargeback-dialog.js';
import type { DetailWithTests, OpenChargeback } from './types.js';

type Operation = 'pay' | 'expire' | 'approve' | 'cancel';

interface OperationText {
  button: string;
  title: string;
  path: string;
  danger: boolean;
  question: (amount: string) => string;
  done: string;
}

const OPERATIONS: Record<Operation, OperationText> = {
  pay: {
    button: 'Pay slip',
    title: 'Pay the voucher slip',
    path: 'vouchers/:id/pay',
    danger: false,
    question: (amount) => `The slip of ${amount} is paid now, as if the customer paid it at the store: the payment succeeds and its webhook is sent.`,
    done: 'The slip is paid.',
  },
  expire: {
    button: 'Expire slip',
    title: 'Expire the voucher slip',
    path: 'vouchers/:id/expire',
    danger: true,
    question: (amount) => `The slip of ${amount} expires now, unpaid: the payment is declined (100.396.103) and its webhook is sent. It cannot be paid afterwards.`,
    done: 'The slip expired unpaid.',
  },
  approve: {
    button: 'Approve payment',
    title: 'Approve as the shopper',
    path: 'payments/:id/approve',
    danger: false,
    question: (amount) => `The shopper approves ${amount} at the bank or provider, as on the simulator's page: the payment succeeds and its webhook is sent.`,
    done: 'Approved as the shopper would.',
  },
  cancel: {
    button: 'Cancel payment',
    title: 'Cancel as the shopper',
    path: 'payments/:id/cancel',
    danger: true,
    question: (amount) => `The shopper cancels ${amount} at the bank or provider: the payment is declined (100.396.101) and its webhook is sent.`,
    done: 'Cancelled as the shopper would.',
  },
};

export function TestToolsPanel({ detail, onDone }: { detail: DetailWithTests; onDone: () => void }) {
  const [operation, setOperation] = useState<Operation>();
  const [chargingBack, setChargingBack] = useState(false);
  const [reversing, setReversing] = useState<OpenChargeback>();
  const [done, setDone] = useState<string>();
  const tools = detail.allowed.test;
  if (!me.value?.actions.includes('testTools.use') || !tools) return null;
  const { payment } = detail;
  const amount = formatMoney(payment.amount, payment.currency);
  const finish = (message: string) => {
    setOperation(undefined);
    setChargingBack(false);
    setReversing(undefined);
    setDone(message);
    onDone();
  };
  const open = (start: () => void) => {
    setDone(undefined);
    start();
  };
  const simple = (['pay', 'expire', 'approve', 'cancel'] as const).filter((op) => tools[op]);

  return (
    <section class="card test-tools-panel" aria-labelledby="test-tools-title">
      <div class="card-head">
        <h2 id="test-tools-title">Test tools</h2>
        <Badge tone="wait">Test environment</Badge>
      </div>
      <p class="muted">What the simulator would do to this payment; test payments only.</p>
      {done && <StatusNotice>{done}</StatusNotice>}
      <div class="button-row">
        {simple.map((op) => (
          <button key={op} type="button" class={`button ${OPERATIONS[op].danger ? 'button-danger-quiet' : ''}`} onClick={() => open(() => setOperation(op))}>
            {OPERATIONS[op].button}
          </button>
        ))}
        {tools.chargeback && (
          <button type="button" class="button button-danger-quiet" onClick={() => open(() => setChargingBack(true))}>
            Charge back<span class="visually-hidden"> up to {formatMoney(tools.chargeback.max, tools.chargeback.currency)}</span>
          </button>
        )}
      </div>
      {tools.chargebackReversal && (
        <div class="test-tools-chargebacks">
          <h3>Open chargebacks</h3>
          <ul class="plain-list">
            {tools.chargebackReversal.chargebacks.map((cb) => (
              <li key={cb.id} class="test-tools-chargeback">
                <span>
                  {formatMoney(cb.amount, cb.currency)} · {cb.reasonDescription} <span class="muted">({cb.reasonCode}) · {formatDateTime(cb.createdAt)}</span>
                </span>
                <button type="button" class="button button-small" onClick={() => open(() => setReversing(cb))}>
                  Reverse chargeback<span class="visually-hidden"> of {formatMoney(cb.amount, cb.currency)}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {operation && (
        <Confirm
          title={OPERATIONS[operation].title}
          confirm={OPERATIONS[operation].button}
          danger={OPERATIONS[operation].danger}
          run={() => api('POST', `/test/${OPERATIONS[operation].path.replace(':id', encodeURIComponent(payment.id))}`)}
          onClose={() => setOperation(undefined)}
          onDone={() => finish(OPERATIONS[operation].done)}
        >
          <p>{OPERATIONS[operation].question(amount)}</p>
        </Confirm>
      )}
      {chargingBack && tools.chargeback && <ChargebackDialog paymentId={payment.id} offer={tools.chargeback} onClose={() => setChargingBack(false)} onDone={finish} />}
      {reversing && <ReverseChargeback paymentId={payment.id} chargeback={reversing} onClose={() => setReversing(undefined)} onDone={finish} />}
    </section>
  );
}

/** A chargeback reversed (the merchant won the dispute): one idempotency key per confirmation. */
function ReverseChargeback({ paymentId, chargeback, onClose, onDone }: { paymentId: string; chargeback: OpenChargeback; onClose: () => void; onDone: (message: string) => void }) {
  const idempotencyKey = useMemo(() => crypto.randomUUID(), []);
  const amount = formatMoney(chargeback.amount, chargeback.currency);
  return (
    <Confirm
      title="Reverse the chargeback"
      confirm={`Reverse chargeback of ${amount}`}
      run={() => api('POST', `/test/payments/${encodeURIComponent(paymentId)}/chargeback-reversal`, { chargebackId: chargeback.id, idempotencyKey })}
      onClose={onClose}
      onDone={() => onDone(`The chargeback of ${amount} is reversed.`)}
    >
      <p>The merchant wins the dispute: {amount} charged back on {formatDateTime(chargeback.createdAt)} returns to the merchant, and the reversal's webhook is sent.</p>
    </Confirm>
  );
}
