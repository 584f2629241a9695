// Row shapes of the tables, as Kysely sees them. Column names are snake_case; rows.ts maps them to
// the camelCase records of store.ts. Booleans are INTEGER 0/1 on both dialects so one query text
// (`reversed = 0`) serves SQLite and PostgreSQL alike; amounts and times are BIGINT (PostgreSQL
// returns them as numbers through the pool's int8 parser, see postgres.ts).

export type Flag = 0 | 1;

export interface MerchantsTable {
  id: string;
  name: string;
  token_hash: string;
  webhook_secret: string;
  created_at: number;
}

export interface EntitiesTable {
  id: string;
  merchant_id: string;
  name: string;
  /** EntitySettings as JSON text. */
  settings: string;
  created_at: number;
}

export interface PaymentsTable {
  id: string;
  entity_id: string;
  payment_type: string;
  payment_brand: string | null;
  amount: number;
  currency: string;
  status: string;
  result_code: string;
  referenced_id: string | null;
  registration_id: string | null;
  checkout_id: string | null;
  captured_amount: number;
  refunded_amount: number;
  /** Open chargebacks (CB less reversed by CR), minor units (016). */
  chargeback_amount: number;
  reversed: Flag;
  response_json: string;
  pending_json: string | null;
  /** Why a pending payment is pending (domain/lifecycle.ts PendingKind); null once it is not. */
  pending_kind: string | null;
  created_at: number;
  updated_at: number;
  /** The merchant's reference (merchantTransactionId), inherited by follow-ups (013). */
  merchant_transaction_id: string | null;
  /** The currency quote the payment was priced with, and its rate as decimal text (013). */
  fx_quote_id: string | null;
  fx_rate: string | null;
  /** The quote's source currency: what the payment settles in; null = its own currency. */
  settlement_currency: string | null;
  /** Set by the settlement run (settlement/run.ts): SUCCESS, the day and the aggregation. */
  settlement_status: string | null;
  settlement_date: string | null;
  aggregation_id: string | null;
  /** What the back office lists payments by (019): domain/payment-listing.ts; a follow-up has its payment's. */
  method: string | null;
  card_last4: string | null;
  /** Lowercase. */
  customer_email: string | null;
}

export interface RegistrationsTable {
  id: string;
  entity_id: string;
  payment_brand: string;
  bin: string;
  last4: string;
  expiry_month: string;
  expiry_year: string;
  holder: string | null;
  card_ciphertext: string;
  card_hmac: string;
  initial_done: Flag;
  response_json: string;
  deleted_at: number | null;
  created_at: number;
  /** recurringMigration.* (RecurringMigration); all null when the series was not migrated. */
  migration_payment_type: string | null;
  migration_amount: number | null;
  migration_request_timestamp: string | null;
  migration_connector_tx_id1: string | null;
  migration_connector_tx_id2: string | null;
  migration_connector_tx_id3: string | null;
}

export interface IdempotencyKeysTable {
  entity_id: string;
  key: string;
  request_hash: string;
  state: 'in-progress' | 'done';
  status_code: number | null;
  body: string | null;
  created_at: number;
  /** The relay that holds the claim ('' for claims older than owners). */
  owner: string;
  /** The claim is its owner's until then; later, another relay may resolve it. */
  lease_until: number;
}

export interface CheckoutsTable {
  id: string;
  entity_id: string;
  payment_type: string;
  amount: number;
  currency: string;
  params_json: string;
  shopper_result_url: string | null;
  created_at: number;
  expires_at: number;
  success_payment_id: string | null;
  last_payment_id: string | null;
  busy_until: number | null;
  decline_count: number;
  spent_at: number | null;
  read_window_start: number;
  read_count: number;
}

export interface SimulatorAuthorizationsTable {
  reference: string;
  entity_id: string;
  payment_id: string;
  payment_type: string;
  amount: number;
  currency: string;
  result_code: string;
  state: 'approved' | 'declined' | 'challenge' | 'voided';
  created_at: number;
  voided_at: number | null;
}

export interface JobsTable {
  id: string;
  kind: string;
  /** JSON text. */
  payload: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  run_at: number;
  attempts: number;
  max_attempts: number;
  lease_owner: string | null;
  lease_until: number | null;
  unique_key: string | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
  /** Jobs that share a limit of this relay's (deliveries to one endpoint); null for most. */
  group_key: string | null;
  /** The request that queued it (migration 026); null for the relay's own jobs. */
  request_id: string | null;
}

export interface WebhookEndpointsTable {
  id: string;
  entity_id: string;
  /** A notificationUrl's endpoint: the payment whose events (and its follow-ups') it gets. */
  payment_id: string | null;
  url: string;
  /** ',PAYMENT,REGISTRATION,' or '' for every type. */
  event_types: string;
  /** Sealed with the card key; '' for a notificationUrl (the merchant's secret seals those). */
  secret: string;
  state: 'active' | 'inactive' | 'disabled' | 'removed';
  disabled_reason: string | null;
  created_at: number;
  updated_at: number;
}

export interface WebhookEventsTable {
  id: string;
  entity_id: string;
  type: string;
  action: string | null;
  record_id: string;
  /** The notification's payload, JSON text. */
  payload: string;
  created_at: number;
}

export interface WebhookDeliveriesTable {
  id: string;
  event_id: string;
  endpoint_id: string;
  state: 'pending' | 'delivered' | 'failed' | 'cancelled';
  attempts: number;
  first_attempt_at: number | null;
  next_attempt_at: number | null;
  last_status: number | null;
  last_error: string | null;
  delivered_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface WebhookAttemptsTable {
  delivery_id: string;
  number: number;
  at: number;
  status: number | null;
  latency_ms: number;
  response_start: string | null;
  error: string | null;
  relay_id: string;
}

/** A merchant's webhook secret waiting for its switch time (migration 023; webhooks/merchant-secret.ts). */
export interface WebhookSecretRotationsTable {
  merchant_id: string;
  /** Sealed with the card key. */
  secret: string;
  switch_at: number;
  created_at: number;
}

export interface FxQuotesTable {
  id: string;
  entity_id: string;
  source_currency: string;
  target_currency: string;
  /** Decimal text, up to 6 decimals. */
  rate: string;
  created_at: number;
  valid_until: number;
  /** The payment that used the quote; null while unused. */
  payment_id: string | null;
  used_at: number | null;
}

export interface SettlementAggregationsTable {
  id: string;
  entity_id: string;
  currency: string;
  /** The business day settled (yyyy-MM-dd, UTC). */
  day: string;
  settlement_date: string;
  status: string;
  record_count: number;
  settled_amount: number;
  refunded_amount: number;
  fee_amount: number;
  chargeback_amount: number;
  chargeback_reversal_amount: number;
  net_amount: number;
  file_sha256: string | null;
  created_at: number;
}

export interface ReconciliationRecordsTable {
  aggregation_id: string;
  seq: number;
  entity_id: string;
  day: string;
  reconciliation_type: string;
  payment_id: string;
  payment_type: string;
  cashflow: 'POS' | 'NEG';
  amount: number;
  currency: string;
  brand: string | null;
  tx_request_time: number;
  settlement_amount: number;
  settlement_currency: string;
  settlement_fee: number | null;
  fx_rate: string;
  settlement_date: string;
  settlement_status: string;
  merchant_transaction_id: string | null;
  descriptor: string | null;
  account_last4: string | null;
  account_holder: string | null;
  connector_tx_id1: string | null;
  reason_code: string | null;
  reason_desc: string | null;
  matching_status: string;
  matched_transactions: string | null;
  chargeback_id: string | null;
}

export interface Database {
  merchants: MerchantsTable;
  entities: EntitiesTable;
  payments: PaymentsTable;
  registrations: RegistrationsTable;
  idempotency_keys: IdempotencyKeysTable;
  checkouts: CheckoutsTable;
  simulator_authorizations: SimulatorAuthorizationsTable;
  jobs: JobsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  webhook_secret_rotations: WebhookSecretRotationsTable;
  fx_quotes: FxQuotesTable;
  settlement_aggregations: SettlementAggregationsTable;
  reconciliation_records: ReconciliationRecordsTable;
  schedules: SchedulesTable;
  schedule_occurrences: ScheduleOccurrencesTable;
  test_clocks: TestClocksTable;
  users: UsersTable;
  user_invitations: UserInvitationsTable;
  audit_log: AuditLogTable;
  access_tokens: AccessTokensTable;
  backoffice_sessions: BackofficeSessionsTable;
  sign_in_failures: SignInFailuresTable;
  merchant_settings: MerchantSettingsTable;
  card_keys: CardKeysTable;
}

/** Scheduled payments (migration 011; domain/schedules.ts). */
export interface SchedulesTable {
  id: string;
  entity_id: string;
  registration_id: string;
  payment_type: string;
  amount: number;
  currency: string;
  expression: string;
  time_zone: string;
  start_at: number | null;
  end_at: number | null;
  payment_params: string;
  response_json: string;
  status: string;
  next_run_at: number | null;
  created_at: number;
  updated_at: number;
  /** The request that created it (migration 026): its charges log under this id. */
  request_id: string | null;
}

export interface ScheduleOccurrencesTable {
  id: string;
  schedule_id: string;
  entity_id: string;
  scheduled_at: number;
  status: string;
  payment_id: string | null;
  result_code: string | null;
  created_at: number;
  updated_at: number;
}

/** An entity's test clock: the time it was last moved to (schedules/test-clock.ts). */
export interface TestClocksTable {
  entity_id: string;
  time: number;
  updated_at: number;
}

/** The back office's people (migration 017; domain/users.ts). */
export interface UsersTable {
  id: string;
  merchant_id: string;
  /** Lowercase (normalizeEmail), unique per merchant. */
  email: string;
  password_hash: string | null;
  role: string;
  /** JSON array of entity ids; null = every channel. */
  channel_ids: string | null;
  totp_secret: string | null;
  totp_last_step: number | null;
  /** JSON array of recovery code hashes; null = none issued. */
  recovery_code_hashes: string | null;
  status: string;
  created_at: number;
  updated_at: number;
  last_sign_in_at: number | null;
}

export interface UserInvitationsTable {
  token_hash: string;
  user_id: string;
  expires_at: number;
  used_at: number | null;
}

/** Append-only: no statement of the store updates or deletes a row. */
export interface AuditLogTable {
  id: string;
  merchant_id: string;
  user_id: string | null;
  at: number;
  address: string | null;
  action: string;
  target: string | null;
  before_json: string | null;
  after_json: string | null;
}

/** A merchant's named access tokens (migration 020; domain/access-tokens.ts). */
export interface AccessTokensTable {
  id: string;
  merchant_id: string;
  name: string;
  /** SHA-256 of the token (hex), unique: the API finds the merchant by it. */
  token_hash: string;
  created_at: number;
  last_used_at: number | null;
  /** Null while the token works. */
  revoked_at: number | null;
}

/** The back office's sessions (migration 018; domain/backoffice-sessions.ts). */
export interface BackofficeSessionsTable {
  /** SHA-256 hex of the cookie's value. */
  id: string;
  user_id: string;
  merchant_id: string;
  csrf_token: string;
  created_at: number;
  last_seen_at: number;
  absolute_expires_at: number;
  address: string | null;
}

/** Failed sign-ins per key ('account:<email>', 'address:<ip>'), for throttling and lockouts. */
export interface SignInFailuresTable {
  key: string;
  failures: number;
  window_started_at: number;
  locked_until: number | null;
  lockouts: number;
}

/** A merchant's back office settings; a merchant without a row has the defaults. */
export interface MerchantSettingsTable {
  merchant_id: string;
  /** Minor units; null = no limit set. */
  support_refund_limit: number | null;
  support_refund_currency: string | null;
  /** 0 or 1. */
  require_two_factor: number;
  updated_at: number;
}

/** The card keys and which one is active (migration 027; crypto/keyring.ts). */
export interface CardKeysTable {
  id: string;
  /** 1 on the active key's row, null on the others (unique). */
  active: 1 | null;
  activated_at: number | null;
  replaced_at: number | null;
  retired_at: number | null;
}
