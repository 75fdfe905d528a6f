import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect.js';
import { backfillShipmentSearchTerms, hasTable } from './shipment-search-terms.js';

/** Hours from placement to ship-by for orders given shipments after the fact (`SHIP_BY_HOURS`'s default). */
const SHIP_BY_HOURS = 48;

/**
 * Makes the shipments of every order that has none, from its lines: one per vendor (and
 * one for the store's own products) with the order's status, ship-by `SHIP_BY_HOURS`
 * after placement, shipped and delivered times from the history; a shipment whose every
 * unit was cancelled is Cancelled. Used by the migration 2026_12_27_0900_create_shipments,
 * the large-store generator (`seed/large-store.ts`), which writes its orders in bulk, and
 * the tests' order fixture.
 */
export async function backfillShipments(
  // biome-ignore lint/suspicious/noExplicitAny: runs on the schema of its time (a migration's) as well as today's.
  db: Kysely<any>,
  shipByHours = SHIP_BY_HOURS,
  /** Only this order's (a test fixture writing one order). */
  orderId?: number,
): Promise<void> {
  const postgres = isPostgres(db);
  const shipBy = postgres
    ? sql`o.created_at + make_interval(hours => ${shipByHours}::int)`
    : sql`strftime('%Y-%m-%dT%H:%M:%fZ', o.created_at, ${`+${shipByHours} hours`})`;
  const firstAt = (status: string) =>
    sql`(select min(h.created_at) from order_status_history h where h.order_id = o.id and h.status = ${status})`;
  await sql`insert into shipments (order_id, vendor_id, status, ship_by, shipped_at, delivered_at, is_shipped_late, created_at, updated_at)
    select o.id, g.vendor_id, o.status, ${shipBy},
      case when o.status in ('On The Road', 'Delivered') then coalesce(${firstAt('On The Road')}, o.updated_at) end,
      case when o.status = 'Delivered' then coalesce(${firstAt('Delivered')}, o.updated_at) end,
      ${postgres ? sql`false` : sql`0`},
      o.created_at, o.updated_at
    from orders o
    join (select distinct order_id, vendor_id from order_items
      ${orderId === undefined ? sql`` : sql`where order_id = ${orderId}`}) g on g.order_id = o.id
    where not exists (select 1 from shipments s where s.order_id = o.id)
      ${orderId === undefined ? sql`` : sql`and o.id = ${orderId}`}`.execute(db);
  await sql`update shipments set is_shipped_late = ${postgres ? sql`true` : sql`1`}
    where shipped_at is not null and shipped_at > ship_by
      ${orderId === undefined ? sql`` : sql`and order_id = ${orderId}`}`.execute(db);
  await sql`insert into shipment_items (shipment_id, order_item_id, quantity)
    select s.id, i.id, i.quantity - i.cancelled_quantity
    from shipments s
    join order_items i on i.order_id = s.order_id and coalesce(i.vendor_id, 0) = coalesce(s.vendor_id, 0)
    where not exists (select 1 from shipment_items x where x.shipment_id = s.id)
      ${orderId === undefined ? sql`` : sql`and s.order_id = ${orderId}`}`.execute(db);
  await sql`update shipments set status = 'Cancelled'
    where status <> 'Cancelled'
      and not exists (select 1 from shipment_items x where x.shipment_id = shipments.id and x.quantity > 0)
      ${orderId === undefined ? sql`` : sql`and order_id = ${orderId}`}`.execute(db);
  // Their search terms (decision 0150), once the table exists: migration
  // 2026_12_21_0900 sorts before 2026_12_27_0900 and so runs first on a fresh store.
  if (await hasTable(db, 'shipment_search_terms')) await backfillShipmentSearchTerms(db, orderId);
}
