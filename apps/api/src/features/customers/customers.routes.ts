import { customerEndpoints, customerMessages } from '@haat/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/access.js';
import { registerExporter, sendExport } from '../../platform/csv/exporter.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { anonymiseCustomer, customerExporter, getCustomer, listCustomers } from './customers.service.js';

/** Customers (issue 26 'Customers'; `customerEndpoints`). Admins only: 401 without a token, 403 for vendors. */
export const customerRoutes: FastifyPluginAsync = async (app) => {
  registerExporter(app, customerExporter);
  registerEndpoints(app, customerEndpoints, {
    /** `GET /api/customers/admin` → `{ success, customers }`, with `total` and `nextCursor` when paged. Errors: 400. */
    list: async (request) => {
      const { items, ...paging } = await listCustomers(app.db, app.lists, request.query);
      return { success: true as const, customers: items, ...paging };
    },

    /** `GET /api/customers/admin/export` → `text/csv` of every customer the search selects. Errors: 400. */
    export: async (request, reply) => sendExport(app, request, reply, customerExporter, request.query),

    /** `GET /api/customers/admin/{id}` → `{ success, customer, orders }`. Errors: 400; 404. */
    get: async (request) => ({ success: true as const, ...(await getCustomer(app.db, request.params.id)) }),

    /** `POST /api/customers/admin/{id}/anonymise` → `{ success, message, customer }`. Errors: 400; 404; 409. */
    anonymise: async (request) => ({
      success: true as const,
      message: customerMessages.anonymised,
      customer: await anonymiseCustomer(app.db, actorOf(request), request.params.id),
    }),
  });
};
