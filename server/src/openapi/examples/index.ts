// Every example request, one file per route; the document and the replay test read this list.

import { examples as deleteSchedulingV1SchedulesId } from './delete-scheduling-v1-schedules-id.js';
import { examples as deleteV1RegistrationsId } from './delete-v1-registrations-id.js';
import { examples as deleteV1WebhooksId } from './delete-v1-webhooks-id.js';
import { examples as getHealth } from './get-health.js';
import { examples as getOpenapiJson } from './get-openapi-json.js';
import { examples as getReady } from './get-ready.js';
import { examples as getReportsV1ReconciliationsAggregations } from './get-reports-v1-reconciliations-aggregations.js';
import { examples as getReportsV1ReconciliationsAggregationsId } from './get-reports-v1-reconciliations-aggregations-id.js';
import { examples as getReportsV1ReconciliationsFile } from './get-reports-v1-reconciliations-file.js';
import { examples as getReportsV2ReconciliationsAggregationsId } from './get-reports-v2-reconciliations-aggregations-id.js';
import { examples as getSchedulingV1Schedules } from './get-scheduling-v1-schedules.js';
import { examples as getSchedulingV1SchedulesId } from './get-scheduling-v1-schedules-id.js';
import { examples as getV1CheckoutsIdPayment } from './get-v1-checkouts-id-payment.js';
import { examples as getV1CheckoutsIdRegistration } from './get-v1-checkouts-id-registration.js';
import { examples as getV1CheckoutsIdWidget } from './get-v1-checkouts-id-widget.js';
import { examples as getV1PaymentsId } from './get-v1-payments-id.js';
import { examples as getV1Query } from './get-v1-query.js';
import { examples as getV1QueryId } from './get-v1-query-id.js';
import { examples as getV1QuotesId } from './get-v1-quotes-id.js';
import { examples as getV1RegistrationsId } from './get-v1-registrations-id.js';
import { examples as getV1TestClock } from './get-v1-test-clock.js';
import { examples as getV1Webhooks } from './get-v1-webhooks.js';
import { examples as getV1WebhooksId } from './get-v1-webhooks-id.js';
import { examples as getV1WebhooksIdDeliveries } from './get-v1-webhooks-id-deliveries.js';
import { examples as postSchedulingV1Schedules } from './post-scheduling-v1-schedules.js';
import { examples as postV1Checkouts } from './post-v1-checkouts.js';
import { examples as postV1CheckoutsId } from './post-v1-checkouts-id.js';
import { examples as postV1CheckoutsIdAccount } from './post-v1-checkouts-id-account.js';
import { examples as postV1CheckoutsIdPayment } from './post-v1-checkouts-id-payment.js';
import { examples as postV1CheckoutsIdRegistration } from './post-v1-checkouts-id-registration.js';
import { examples as postV1CheckoutsIdTransactionData } from './post-v1-checkouts-id-transaction-data.js';
import { examples as postV1Payments } from './post-v1-payments.js';
import { examples as postV1PaymentsId } from './post-v1-payments-id.js';
import { examples as postV1Quotes } from './post-v1-quotes.js';
import { examples as postV1Registrations } from './post-v1-registrations.js';
import { examples as postV1RegistrationsIdPayments } from './post-v1-registrations-id-payments.js';
import { examples as postV1TestClock } from './post-v1-test-clock.js';
import { examples as postV1TestPaymentsIdChargeback } from './post-v1-test-payments-id-chargeback.js';
import { examples as postV1TestPaymentsIdChargebackReversal } from './post-v1-test-payments-id-chargeback-reversal.js';
import { examples as postV1TestVouchersIdExpire } from './post-v1-test-vouchers-id-expire.js';
import { examples as postV1TestVouchersIdPay } from './post-v1-test-vouchers-id-pay.js';
import { examples as postV1Webhooks } from './post-v1-webhooks.js';
import { examples as postV1WebhooksId } from './post-v1-webhooks-id.js';
import { examples as postV1WebhooksIdRedeliveries } from './post-v1-webhooks-id-redeliveries.js';
import { examples as postV1WebhooksIdTests } from './post-v1-webhooks-id-tests.js';
import type { ExampleRequest } from './example.js';

export type { ExampleRequest } from './example.js';

export const EXAMPLES: readonly ExampleRequest[] = [
  ...deleteSchedulingV1SchedulesId,
  ...deleteV1RegistrationsId,
  ...deleteV1WebhooksId,
  ...getHealth,
  ...getOpenapiJson,
  ...getReady,
  ...getReportsV1ReconciliationsAggregations,
  ...getReportsV1ReconciliationsAggregationsId,
  ...getReportsV1ReconciliationsFile,
  ...getReportsV2ReconciliationsAggregationsId,
  ...getSchedulingV1Schedules,
  ...getSchedulingV1SchedulesId,
  ...getV1CheckoutsIdPayment,
  ...getV1CheckoutsIdRegistration,
  ...getV1CheckoutsIdWidget,
  ...getV1PaymentsId,
  ...getV1Query,
  ...getV1QueryId,
  ...getV1QuotesId,
  ...getV1RegistrationsId,
  ...getV1TestClock,
  ...getV1Webhooks,
  ...getV1WebhooksId,
  ...getV1WebhooksIdDeliveries,
  ...postSchedulingV1Schedules,
  ...postV1Checkouts,
  ...postV1CheckoutsId,
  ...postV1CheckoutsIdAccount,
  ...postV1CheckoutsIdPayment,
  ...postV1CheckoutsIdRegistration,
  ...postV1CheckoutsIdTransactionData,
  ...postV1Payments,
  ...postV1PaymentsId,
  ...postV1Quotes,
  ...postV1Registrations,
  ...postV1RegistrationsIdPayments,
  ...postV1TestClock,
  ...postV1TestPaymentsIdChargeback,
  ...postV1TestPaymentsIdChargebackReversal,
  ...postV1TestVouchersIdExpire,
  ...postV1TestVouchersIdPay,
  ...postV1Webhooks,
  ...postV1WebhooksId,
  ...postV1WebhooksIdRedeliveries,
  ...postV1WebhooksIdTests,
];
