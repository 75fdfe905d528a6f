import {
  CUSTOMER_RECENT_ORDERS,
  type Customer,
  type CustomerOrder,
  type customerExportQuery,
  type customerListQuery,
  customerMessages,
  toPaise,
  toRupees,
} from '@haat/contract';
import type { z } from 'zod';
import type { Actor } from '../../platform/auth/access.js';
import { type CsvColumn, csvRupees, csvText, csvTime } from '../../platform/csv/csv-export.js';
import { keysetBatches } from '../../platform/csv/export-batches.js';
import type { Exporter } from '../../platform/csv/exporter.js';
import type { Db } from '../../platform/db/create-db.js';
import { dropErasedSamples, erasureNeedles, settleErasure } from '../../platform/db/erasure.js';
import { type ListAnswer, type ListBounds, listOrPage } from '../../platform/db/lists.js';
import { runTransaction } from '../../platform/db/transactions.js';
import { AppError, notFound } from '../../platform/errors.js';
import { eraseFromJobFiles } from '../../platform/jobs/job-erasure.js';
import { eraseFromActivity, recordActivity } from '../activity/activity.service.js';
import { eraseContactsFrom } from '../contacts/contacts.service.js';
import { eraseFromNotifications } from '../notifications/notifications.service.js';
import { eraseInvitationsTo } from '../staff/invitations.service.js';
import {
  anonymiseCustomer as anonymiseCustomerRows,
  type CustomerFigures,
  type CustomerRow,
  countCustomers,
  findCustomerById,
  findCustomerFigures,
  findCustomerIdentity,
  findCustomerOrders,
  listCustomers as listCustomerRows,
  redactOrderTexts,
} from './customers.repository.js';

/**
 * Customers (issue 26 'Customers'): the people who placed orders, with their figures,
 * for admins; and their erasure on request. Money in paise inside, rupees on the wire
 * (`toCustomer`), times UTC. Vendors never see this list: their order lines carry only
 * the shipping details they need.
 */

/** The list's one order, named in its cursors. */
const CUSTOMER_SORT = 'newest';

const noOrders: CustomerFigures = { ordersCount: 0, netPaise: 0, lastOrderAt: null };

/** A customer row and their figures as the wire's customer (rupees). */
function toCustomer(row: CustomerRow, figures: CustomerFigures = noOrders): Customer {
  return {
    _id: String(row.id),
    name: row.name,
    email: row.email,
    phone: row.phone,
    createdAt: row.createdAt,
    ordersCount: figures.ordersCount,
    totalSpent: toRupees(figures.netPaise),
    lastOrderAt: figures.lastOrderAt,
    anonymisedAt: row.anonymisedAt,
  };
}

/** The rows with their figures, read for the rows' customers only (one grouped read over `orders_user_id_idx`). */
async function withFigures(db: Db, rows: CustomerRow[]): Promise<Customer[]> {
  const figures = await findCustomerFigures(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toCustomer(row, figures.get(row.id)));
}

/**
 * `GET /api/customers/admin`: customers newest first, matching `query.search` (name,
 * e-mail or phone). Without `limit` every match up to `bounds.unpagedLimit`; with it a
 * keyset page plus `total` (exact up to `bounds.countBound`, then the bound with
 * `totalRelation: 'gte'`, decision 0027) and `nextCursor`. Each with their orders count,
 * total spent and last order, read for the page only.
 * @throws AppError BAD_REQUEST (400) for a cursor this list did not make, or an unpaged
 *   list past the bound.
 */
export function listCustomers(
  db: Db,
  bounds: ListBounds,
  query: z.output<typeof customerListQuery>,
): Promise<ListAnswer<Customer>> {
  return listOrPage(
    { limit: query.limit, cursor: query.cursor, sort: CUSTOMER_SORT },
    {
      keyType: 'instant',
      fetchAll: () => listCustomerRows(db, query.search),
      fetchPage: (page) => listCustomerRows(db, query.search, page),
      count: (bound) => countCustomers(db, query.search, bound),
      boundedCount: true,
      keyOf: (row) => ({ key: row.createdAt, id: row.id }),
      toItems: (rows) => withFigures(db, rows),
    },
    bounds,
  );
}

/**
 * `GET /api/customers/admin/{id}`: the customer with their figures and newest
 * `CUSTOMER_RECENT_ORDERS` orders (net totals in rupees).
 * @throws AppError NOT_FOUND (404) 'Customer not found' (also for an admin's or vendor's account).
 */
export async function getCustomer(db: Db, id: number): Promise<{ customer: Customer; orders: CustomerOrder[] }> {
  const row = await findCustomerById(db, id);
  if (!row) throw notFound(customerMessages.notFound);
  const [figures, orders] = await Promise.all([
    findCustomerFigures(db, [id]),
    findCustomerOrders(db, id, CUSTOMER_RECENT_ORDERS),
  ]);
  return {
    customer: toCustomer(row, figures.get(id)),
    orders: orders.map((order) => ({
      _id: String(order.id),
      trackingNumber: order.trackingNumber,
      status: order.status,
      netTotal: toRupees(order.discountedTotalPaise - order.refundedTotalPaise),
      createdAt: order.createdAt,
    })),
  };
}

/**
 * `POST /api/customers/admin/{id}/anonymise` (erasure on request: India's DPDP Act 2023,
 * GDPR; issues 26 and 33): in one transaction, the customer's name becomes 'Anonymised
 * customer', their e-mail an address no one owns, their phone none, and every order of
 * theirs loses its billing name, e-mail, phone, address and note; the orders, lines and
 * figures stay. Then every other place their identity landed, as the erasure map lists
 * them (docs/decisions/0120-where-a-person-lands.md): what staff and vendors wrote
 * about their orders, their contact messages (matched by e-mail or phone) and the
 * notifications quoting them, the activity log's labels and before/after values, and
 * the job files and parameters holding them. Recorded in the activity log without the
 * data it removed. After the commit the database's own copies go (`settleErasure`:
 * SQLite's WAL, PostgreSQL's statistics quoting them). Cannot be undone.
 *
 * The account's row is locked first (PostgreSQL), as a checkout locks it
 * (`findOrCreateCustomer`): a checkout under way finishes first and its order is erased
 * with the rest; one arriving meanwhile waits and then makes a new account.
 * @throws AppError NOT_FOUND (404); CONFLICT (409) 'This customer is already anonymised'.
 */
export async function anonymiseCustomer(db: Db, admin: Actor, id: number): Promise<Customer> {
  const now = new Date().toISOString();
  const erasedTexts = await runTransaction(db, async (trx) => {
    const row = await findCustomerById(trx, id);
    if (!row) throw notFound(customerMessages.notFound);
    if (row.anonymisedAt) throw new AppError('CONFLICT', customerMessages.alreadyAnonymised);
    const { orderIds, ...identity } = await findCustomerIdentity(trx, id);
    const replacement = { name: customerMessages.anonymousName, email: `anonymised-${id}@anonymised.invalid` };
    const needles = erasureNeedles(identity);
    const texts = { needles, replacement: replacement.name, erasedText: customerMessages.erasedText };
    await anonymiseCustomerRows(trx, id, replacement, now);
    await redactOrderTexts(trx, orderIds, needles, replacement.name);
    const contactIds = await eraseContactsFrom(trx, identity, { ...replacement, erasedText: texts.erasedText }, now);
    await eraseFromNotifications(trx, { contactIds, orderIds, names: identity.names }, texts);
    await eraseFromActivity(trx, { customerId: id, orderIds, contactIds, names: identity.names }, texts);
    await eraseFromJobFiles(trx, needles, replacement.name, now);
    await eraseInvitationsTo(trx, identity.emails);
    await dropErasedSamples(trx, needles);
    await recordActivity(trx, {
      actor: admin,
      action: 'anonymise',
      kind: 'customer',
      recordId: id,
      label: customerMessages.anonymousName,
    });
    return needles;
  });
  await settleErasure(db, erasedTexts);
  return (await getCustomer(db, id)).customer;
}

/**
 * The rows of `GET /api/customers/admin/export`: every customer the search selects,
 * newest first, with their figures, read in keyset batches (issue 26 'Exports').
 */
export async function* customerExportBatches(
  db: Db,
  query: z.output<typeof customerExportQuery>,
): AsyncGenerator<Customer[]> {
  const batches = keysetBatches(
    (page) => listCustomerRows(db, query.search, page),
    (row) => ({ key: row.createdAt, id: row.id }),
  );
  for await (const rows of batches) yield withFigures(db, rows);
}

/** The customers' CSV columns: amounts in rupees with two decimals, times in `timeZone` (the store's). */
export function customerCsvColumns(timeZone: string): CsvColumn<Customer>[] {
  return [
    { header: 'ID', cell: (row) => row._id },
    { header: 'Name', cell: (row) => csvText(row.name) },
    { header: 'Email', cell: (row) => csvText(row.email) },
    { header: 'Phone', cell: (row) => csvText(row.phone) },
    { header: 'Customer Since', cell: (row) => csvTime(row.createdAt, timeZone) },
    { header: 'Orders', cell: (row) => String(row.ordersCount) },
    { header: 'Total Spent', cell: (row) => csvRupees(toPaise(row.totalSpent)) },
    { header: 'Last Order', cell: (row) => csvTime(row.lastOrderAt, timeZone) },
    { header: 'Anonymised', cell: (row) => csvTime(row.anonymisedAt, timeZone) },
  ];
}

/** The customers' export (`GET /api/customers/admin/export`), admins only. */
export const customerExporter: Exporter<Customer, z.output<typeof customerExportQuery>> = {
  name: 'customers',
  fileName: 'customers',
  columns: customerCsvColumns,
  batches: ({ db }, _actor, query) => customerExportBatches(db, query),
};
