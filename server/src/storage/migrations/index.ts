// Every migration, in order. Names are NNN-name; Kysely's Migrator applies them in name order and
// records each applied name in `schema_migrations`. Append new files here; never edit an applied one.

import type { Migration } from 'kysely';
import * as m001 from './001-initial.js';
import * as m002 from './002-checkouts.js';
import * as m003 from './003-one-success-per-checkout.js';
import * as m004 from './004-lean-indexes.js';
import * as m005 from './005-simulator-journal.js';
import * as m006 from './006-jobs.js';
import * as m007 from './007-claim-owner.js';
import * as m008 from './008-pending-kind.js';
import * as m009 from './009-recurring-migration.js';
import * as m010 from './010-webhooks.js';
import * as m011 from './011-schedules.js';
import * as m013 from './013-reports.js';
import * as m014 from './014-jobs-due-covering.js';
import * as m015 from './015-vouchers.js';
import * as m016 from './016-chargebacks.js';
import * as m017 from './017-back-office-people.js';
import * as m018 from './018-back-office-sessions.js';
import * as m019 from './019-payment-listing.js';
import * as m020 from './020-access-tokens.js';
import * as m021 from './021-webhook-events-by-record.js';
import * as m022 from './022-home-figures.js';
import * as m023 from './023-webhook-delivery-log.js';
import * as m025 from './025-used-quotes.js';
import * as m026 from './026-request-ids.js';
import * as m027 from './027-card-keys.js';

export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '001-initial': m001,
  '002-checkouts': m002,
  '003-one-success-per-checkout': m003,
  '004-lean-indexes': m004,
  '005-simulator-journal': m005,
  '006-jobs': m006,
  '007-claim-owner': m007,
  '008-pending-kind': m008,
  '009-recurring-migration': m009,
  '010-webhooks': m010,
  '011-schedules': m011,
  '013-reports': m013,
  '014-jobs-due-covering': m014,
  '015-vouchers': m015,
  '016-chargebacks': m016,
  '017-back-office-people': m017,
  '018-back-office-sessions': m018,
  '019-payment-listing': m019,
  '020-access-tokens': m020,
  '021-webhook-events-by-record': m021,
  '022-home-figures': m022,
  '023-webhook-delivery-log': m023,
  '025-used-quotes': m025,
  '026-request-ids': m026,
  '027-card-keys': m027,
};
