import { defaultCarriers } from '@haat/contract';
import { sql } from 'kysely';
import type { Db } from '../platform/db/create-db.js';
import { isPostgres } from '../platform/db/dialect.js';
import { backfillShipments } from '../platform/db/shipment-backfill.js';
import { backfillShipmentSearchTerms } from '../platform/db/shipment-search-terms.js';

/** One Packaging shipment in this many with a line of several units is partly dispatched. */
const PARTIAL_EVERY = 5;

/**
 * A large store's shipments (issue 34), after its orders were written in bulk: one per
 * vendor of each order and one for the store's own products, with the order's status
 * (`backfillShipments`, the migration's own; a shipment not yet on the road past its
 * ship-by time is late, and one shipped after it was shipped late); every shipped one
 * gets a courier and an AWB; and one Packaging shipment in `PARTIAL_EVERY` holding a line
 * of several units is partly dispatched: On The Road a day after placement with all but
 * one unit, the last unit left in a new Packaging shipment, as a seller does.
 * @returns how many shipments there are, and how many were split.
 */
export async function generateShipments(db: Db, now: Date): Promise<{ shipments: number; partial: number }> {
  await backfillShipments(db);
  const carriers = sql.join(defaultCarriers.map((name) => sql.lit(name)));
  const pick = isPostgres(db)
    ? sql`(array[${carriers}])[(id % ${sql.lit(defaultCarriers.length)}) + 1]`
    : sql`json_extract(json_array(${carriers}), '$[' || (id % ${sql.lit(defaultCarriers.length)}) || ']')`;
  await sql`update shipments set carrier = ${pick}, awb = ${sql`'AWB' || (100000000 + id)`}
    where shipped_at is not null and awb is null`.execute(db);

  const candidates = await db
    .selectFrom('shipments as s')
    .innerJoin('shipmentItems as x', 'x.shipmentId', 's.id')
    .select(['s.id', 's.orderId', 's.vendorId', 's.shipBy', 's.createdAt', 'x.orderItemId', 'x.quantity'])
    .where('s.status', '=', 'Packaging')
    .where('x.quantity', '>=', 2)
    .where(sql<boolean>`s.id % ${sql.lit(PARTIAL_EVERY)} = 0`)
    .orderBy('s.id')
    .execute();
  const seen = new Set<number>();
  let partial = 0;
  await db.transaction().execute(async (trx) => {
    for (const row of candidates) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      const shippedAt = new Date(Math.min(Date.parse(row.createdAt) + 86_400_000, now.getTime())).toISOString();
      const { id: remainderId } = await trx
        .insertInto('shipments')
        .values({
          orderId: row.orderId,
          vendorId: row.vendorId,
          status: 'Packaging',
          shipBy: row.shipBy,
          createdAt: shippedAt,
          updatedAt: shippedAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('shipmentItems')
        .values({ shipmentId: remainderId, orderItemId: row.orderItemId, quantity: 1 })
        .execute();
      await trx
        .updateTable('shipmentItems')
        .set({ quantity: row.quantity - 1 })
        .where('shipmentId', '=', row.id)
        .where('orderItemId', '=', row.orderItemId)
        .execute();
      await trx
        .updateTable('shipments')
        .set({
          status: 'On The Road',
          carrier: defaultCarriers[row.id % defaultCarriers.length] as string,
          awb: `AWB${100000000 + row.id}`,
          shippedAt,
          isShippedLate: shippedAt > row.shipBy,
          updatedAt: shippedAt,
        })
        .where('id', '=', row.id)
        .execute();
      partial += 1;
    }
  });
  // The queue search's terms (decision 0150): `backfillShipments` wrote the tracking
  // numbers' and names'; the AWBs written since, then the partial dispatches' remainders.
  await sql`insert into shipment_search_terms (shipment_id, vendor_id, kind, term)
    select id, vendor_id, 'a', lower(awb) from shipments where awb is not null
    on conflict do nothing`.execute(db);
  await backfillShipmentSearchTerms(db);
  const count = await db.selectFrom('shipments').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return { shipments: Number(count.n), partial };
}
