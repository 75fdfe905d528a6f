import { z } from 'zod';
import { idParams, idString, isoDateTime, pageInfo, pageQuery } from './common.js';
import { endpoint } from './endpoint.js';
import { exportAnswer, jobStartedResponse } from './jobs.js';
import { orderStatusSchema } from './orders.js';

/**
 * Customers (issue 26 'Customers'): the people who placed orders, their figures and
 * their orders, for admins; and erasure on request (India's DPDP Act 2023, GDPR): an
 * admin anonymises a customer's name, e-mail, phone and addresses in their account and
 * orders, while the orders, their lines and every figure stay.
 */

export const customerMessages = {
  notFound: 'Customer not found',
  anonymised: 'Customer anonymised. Their name, e-mail, phone and addresses are gone for good.',
  alreadyAnonymised: 'This customer is already anonymised',
  loadFailed: 'Could not load the customers. Please try again.',
  /** What an anonymised customer's name and addresses read as. */
  anonymousName: 'Anonymised customer',
  /** What an erased customer's contact messages, and the notifications that quoted them, read as (issue 33). */
  erasedText: 'Erased on request',
} as const;

/** A customer as the list and the page show them. Money in rupees, times UTC. */
export const customer = z.object({
  _id: idString,
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** When the account was made (their first order, usually). */
  createdAt: isoDateTime,
  ordersCount: z.number().int().nonnegative(),
  /** Rupees: what their orders came to after discounts, cancellations and refunds. */
  totalSpent: z.number(),
  /** When they last ordered, or null for none. */
  lastOrderAt: isoDateTime.nullable(),
  /** When they were anonymised on request, or null. */
  anonymisedAt: isoDateTime.nullable(),
});
export type Customer = z.infer<typeof customer>;

/**
 * `GET /api/customers/admin` query: newest customers first, keyset pages (`limit`,
 * `cursor`). `search` matches part of the name or e-mail, or of the phone number.
 */
export const customerListQuery = pageQuery.extend({
  search: z
    .string()
    .trim()
    .max(100, 'Search must be at most 100 characters')
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
});
export type CustomerListQuery = z.input<typeof customerListQuery>;

/** `GET /api/customers/admin/export` query: the list's own search, every matching customer. */
export const customerExportQuery = customerListQuery.omit({ limit: true, cursor: true });

export const customerListResponse = z.object({
  success: z.literal(true),
  customers: z.array(customer),
  ...pageInfo,
});
export type CustomerListResponse = z.infer<typeof customerListResponse>;

/** One of a customer's orders on their page. Money in rupees, times UTC. */
export const customerOrder = z.object({
  _id: idString,
  trackingNumber: z.string(),
  status: orderStatusSchema,
  /** Rupees after discounts, cancellations and refunds. */
  netTotal: z.number(),
  createdAt: isoDateTime,
});
export type CustomerOrder = z.infer<typeof customerOrder>;

/** The most recent orders a customer's page lists (`ordersCount` says how many there are). */
export const CUSTOMER_RECENT_ORDERS = 50;

export const customerResponse = z.object({
  success: z.literal(true),
  customer,
  /** Their newest orders first, at most `CUSTOMER_RECENT_ORDERS`. */
  orders: z.array(customerOrder),
});
export type CustomerResponse = z.infer<typeof customerResponse>;

export const customerAnonymisedResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  customer,
});

export const customerEndpoints = {
  /**
   * The customers, newest first, one keyset page (`limit`, default all up to the unpaged
   * bound) plus `total` and `nextCursor`; each with their orders count, total spent
   * (rupees) and last order (UTC). `search`: name, e-mail or phone.
   */
  list: endpoint('GET', '/api/customers/admin', {
    access: 'admin',
    permission: 'customers:read',
    tags: ['customers'],
    summary: 'List customers',
  })
    .input(z.object({ query: customerListQuery }))
    .output(customerListResponse),
  /** Every customer the search selects, as a `text/csv` download (issue 26 'Exports'). */
  export: endpoint('GET', '/api/customers/admin/export', {
    access: 'admin',
    permission: 'customers:read',
    tags: ['customers'],
    summary: 'Customers as CSV',
    rawAnswer: true,
    answers: { 202: jobStartedResponse },
  })
    .input(z.object({ query: customerExportQuery }))
    .output(exportAnswer),
  /** A customer with their figures and newest orders; 404 'Customer not found'. */
  get: endpoint('GET', '/api/customers/admin/{id}', {
    access: 'admin',
    permission: 'customers:read',
    tags: ['customers'],
    summary: 'One customer with their orders',
  })
    .input(z.object({ params: idParams }))
    .output(customerResponse),
  /**
   * Erasure on request: the customer's name, e-mail, phone and addresses are replaced in
   * their account and every order of theirs; orders, lines and figures stay. Recorded in
   * the activity log; cannot be undone. 404; 409 when already anonymised.
   */
  anonymise: endpoint('POST', '/api/customers/admin/{id}/anonymise', {
    access: 'admin',
    permission: 'customers:write',
    tags: ['customers'],
    summary: 'Anonymise a customer on request',
    errors: [409],
  })
    .input(z.object({ params: idParams }))
    .output(customerAnonymisedResponse),
};
