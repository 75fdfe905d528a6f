import {
  grants,
  type Permission,
  SEARCH_RESULTS_PER_KIND,
  type SearchHit,
  type SearchKind,
  searchKindLabels,
  searchKinds,
} from '@haat/contract';
import type { Actor } from '../../platform/auth/access.js';
import type { Db } from '../../platform/db/create-db.js';
import { lookUpCategories } from '../categories/category-lookup.service.js';
import { lookUpCustomers, lookUpOrders } from '../orders/order-lookup.service.js';
import { lookUpProducts } from '../products/product-lookup.service.js';
import { lookUpOwnOrders, lookUpVendors } from '../vendors/vendor-lookup.service.js';

/**
 * The top bar's global search (issue 10, docs/decisions/0060 and 0061): a few records
 * of each kind the caller may see, found in the database through each kind's index,
 * exact matches (SKU, tracking number, e-mail) first. Each feature looks up its own
 * records through its service; this module only scopes, groups and labels them, and
 * names the screen each one opens.
 */

/** One kind's hits, as the route answers them. */
export interface SearchGroup {
  kind: SearchKind;
  label: string;
  hits: SearchHit[];
}

const join = (...parts: Array<string | null | undefined>) => parts.filter(Boolean).join(' · ');
const query = (name: string, value: string) => `?${new URLSearchParams({ [name]: value }).toString()}`;

/**
 * Searches for `text` as `actor` sees the store:
 * - an admin: products, orders, customers, vendors and categories, every one of the store's;
 * - a vendor: their own products and the orders holding their products only (decision
 *   0051), by SKU, name, brand and tracking number; no customers, vendors or
 *   categories (their back office has no such screens).
 * At most `SEARCH_RESULTS_PER_KIND` hits per kind; kinds in `searchKinds` order, an
 * admin's every kind (empty ones too), a vendor's products and orders.
 * @param text trimmed, 2 to 100 characters, no U+0000 (the contract's `searchQuery`).
 */
/** The permission a staff member needs to find each kind (decision 0128). */
const kindPermissions: Record<SearchKind, Permission> = {
  products: 'catalog:read',
  categories: 'catalog:read',
  orders: 'orders:read',
  customers: 'customers:read',
  vendors: 'vendors:read',
};

export async function searchEverything(db: Db, actor: Actor, text: string): Promise<SearchGroup[]> {
  const limit = SEARCH_RESULTS_PER_KIND;
  const found: Partial<Record<SearchKind, SearchHit[]>> = {};

  if (actor.role === 'vendor') {
    const vendorId = actor.vendorId ?? -1;
    const [products, orders] = await Promise.all([
      lookUpProducts(db, text, vendorId, limit),
      lookUpOwnOrders(db, vendorId, text, limit),
    ]);
    found.products = products.map((p) => ({
      _id: String(p.id),
      label: p.name,
      detail: join(`SKU ${p.sku}`, p.brand),
      href: `/admin/products/edit/${p.id}`,
      exact: p.exact,
    }));
    found.orders = orders.map((o) => ({
      _id: String(o.id),
      label: o.trackingNumber,
      detail: join(o.billingFullName, o.status),
      href: `/admin/my-orders/${o.id}`,
      exact: o.exact,
    }));
  } else {
    // The customers first: their ids also find their orders by name.
    const customers = await lookUpCustomers(db, text, limit);
    const [products, orders, vendors, categories] = await Promise.all([
      lookUpProducts(db, text, undefined, limit),
      lookUpOrders(
        db,
        text,
        customers.map((c) => c.id),
        limit,
      ),
      lookUpVendors(db, text, limit),
      lookUpCategories(db, text, limit),
    ]);
    found.products = products.map((p) => ({
      _id: String(p.id),
      label: p.name,
      detail: join(`SKU ${p.sku}`, p.brand),
      href: `/admin/products/edit/${p.id}`,
      exact: p.exact,
    }));
    found.orders = orders.map((o) => ({
      _id: String(o.id),
      label: o.trackingNumber,
      detail: join(o.billingFullName, o.billingEmail, o.status),
      href: `/admin/orders/${o.id}`,
      exact: o.exact,
    }));
    // No customer screen exists: a customer opens the order list searched by their e-mail.
    found.customers = customers.map((c) => ({
      _id: String(c.id),
      label: c.name,
      detail: join(c.email, c.phone),
      href: `/admin/orders${query('search', c.email)}`,
      exact: c.exact,
    }));
    found.vendors = vendors.map((v) => ({
      _id: String(v.id),
      label: v.businessName,
      detail: join(v.name, v.email, v.status),
      href: `/admin/vendors${query('search', v.businessName)}`,
      exact: false,
    }));
    found.categories = categories.map((c) => ({
      _id: String(c.id),
      label: c.name,
      detail: c.matchingSubcategory
        ? `Subcategory ${c.matchingSubcategory}`
        : `${Number(c.subcategoryCount ?? 0)} ${Number(c.subcategoryCount) === 1 ? 'subcategory' : 'subcategories'}`,
      href: '/admin/categories',
      exact: false,
    }));
  }

  return searchKinds.flatMap((kind) => {
    const hits = found[kind];
    // A staff member sees the kinds their role may read (decision 0128).
    if (actor.role === 'admin' && !grants(actor.permissions, kindPermissions[kind])) return [];
    return hits ? [{ kind, label: searchKindLabels[kind], hits }] : [];
  });
}
