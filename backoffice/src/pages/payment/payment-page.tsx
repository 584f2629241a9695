// One payment: what it was, where it stands, its family as a timeline, the card or account it
// was paid with, the customer, and the notifications it sent. The actions (capture, refund,
// reverse) are offered only where `allowed` says the lifecycle and the person's role allow them.

import { useRoute } from 'preact-iso/router';
import { useState } from 'preact/hooks';
import { api } from '../../api/client.js';
import type { PaymentDetail } from '../../api/types.js';
import { ErrorNotice, Loading, StatusNotice } from '../../components/notice.js';
import { Page } from '../../components/page.js';
import { useLoad } from '../../components/use-load.js';
import { ActionDialog, type PaymentAction } from './action-dialog.js';
import { ActionButtons } from './action-buttons.js';
import { FieldsCard } from './fields-card.js';
import { Instrument } from './instrument.js';
import { Notifications } from './notifications.js';
import { Summary } from './summary.js';
import { Timeline } from './timeline.js';
import { TestToolsPanel } from '../test-tools/test-tools-panel.js';

const BACK = { href: '/payments', label: 'Payments' };

export function PaymentPage() {
  const { params } = useRoute();
  const id = params.id ?? '';
  const detail = useLoad(() => api<PaymentDetail>('GET', `/payments/${encodeURIComponent(id)}`), [id]);
  const [action, setAction] = useState<PaymentAction>();
  const [done, setDone] = useState<string>();

  if (!detail.data) {
    return (
      <Page title="Payment" back={BACK}>
        {detail.loading ? <Loading what="the payment" /> : <ErrorNotice error={detail.error?.status === 404 ? { message: 'There is no such payment, or it belongs to a channel you cannot see.' } : detail.error} />}
      </Page>
    );
  }
  const { payment, timeline, checkout, notifications, allowed } = detail.data;
  return (
    <Page title="Payment" back={BACK} actions={<ActionButtons allowed={allowed} onOpen={(a) => (setDone(undefined), setAction(a))} />}>
      {done && <StatusNotice>{done}</StatusNotice>}
      <ErrorNotice error={detail.error} />
      <Summary payment={payment} checkout={checkout} />
      <div class="columns">
        <Timeline records={timeline} />
        <div class="stack">
          <Instrument payment={payment} />
          {payment.customer && <FieldsCard title="Customer" fields={payment.customer} />}
          {payment.billing && <FieldsCard title="Billing address" fields={payment.billing} />}
          {payment.customParameters && <FieldsCard title="Custom parameters" fields={payment.customParameters} mono />}
        </div>
      </div>
      <Notifications paymentId={payment.id} notifications={notifications} timeline={timeline} />
      <TestToolsPanel detail={detail.data} onDone={detail.reload} />
      {action && (
        <ActionDialog
          action={action}
          payment={payment}
          allowed={allowed}
          onClose={() => setAction(undefined)}
          onDone={(message) => {
            setAction(undefined);
            setDone(message);
            detail.reload();
          }}
        />
      )}
    </Page>
  );
}
