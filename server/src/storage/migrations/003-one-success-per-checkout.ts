// At most one successful payment per checkout (L1), held by the database itself: a unique index
// over checkout_id of the successful rows only. Declined and pending attempts of a checkout are
// many by design, and payments outside a checkout (NULL checkout_id) never collide on either
// dialect. Follow-ups (CP, RF, RV) carry no checkout_id.
//
// Before this index, a 3-D Secure attempt settled after a later attempt of the same checkout had
// succeeded could leave two successful payments of one checkout. Those payments stay as they are
// (each was authorized and answered as such, so each may still need a refund); all but one are
// detached from the checkout so that the index can be built. The one kept is the payment the
// checkout names as its success, else the earliest.

import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update payments set checkout_id = null
    where status = 'success' and checkout_id is not null
      and id <> (
        select keep.id from payments keep
        where keep.checkout_id = payments.checkout_id and keep.status = 'success'
        order by
          case when keep.id = (select c.success_payment_id from checkouts c where c.id = keep.checkout_id) then 0 else 1 end,
          keep.created_at,
          keep.id
        limit 1
      )
  `.execute(db);
  await db.schema.createIndex('payments_checkout_success').on('payments').column('checkout_id').unique().where(sql.ref('status'), '=', 'success').execute();
}
