import {
  activityHistoryQuery,
  activityListQuery,
  activityListResponse,
  activityPeopleResponse,
  activityRecordParams,
  apiError,
} from '@haat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth/access.js';
import { listActivityLog, listPeople, recordHistory } from './activity.service.js';

const tags = ['activity'];

/**
 * The activity log (issue 10, 'Activity log'; docs/decisions/0070). Mounted at
 * `/api/activity`. Entries are written by the services, in each change's transaction;
 * these routes only read.
 */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * `GET /api/activity?person&kind&from&to&limit&cursor`: the log newest first, one
   * page (default 50, at most 200) plus `total` and `nextCursor`. `person` is a user
   * id, `kind` a record kind, `from`/`to` UTC dates (inclusive). Admin only.
   * Errors: 400 bad filter, date or cursor; 401; 403 for vendors.
   */
  app.get(
    '/',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The activity log, newest first',
        querystring: activityListQuery,
        response: { 200: activityListResponse, 400: apiError, 401: apiError, 403: apiError },
      },
    },
    async (request) => ({
      success: true as const,
      timeZone: app.config.storeTimeZone,
      ...(await listActivityLog(app.db, app.lists, request.query)),
    }),
  );

  /** `GET /api/activity/people`: the admins and vendors who appear in the log (the person filter). Admin only. Errors: 401, 403. */
  app.get(
    '/people',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'People who appear in the activity log',
        response: { 200: activityPeopleResponse, 401: apiError, 403: apiError },
      },
    },
    async () => ({ success: true as const, people: await listPeople(app.db) }),
  );

  /**
   * `GET /api/activity/:kind/:id?limit&cursor`: one record's history, newest first, one
   * page. Staff: an admin sees any record's; a vendor only their own product's, and of
   * it admins' entries and their own. Errors: 400 bad kind, id or cursor; 401; 404 for
   * a vendor asking for another vendor's product or another kind of record.
   */
  app.get(
    '/:kind/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: "One record's history",
        params: activityRecordParams,
        querystring: activityHistoryQuery,
        response: { 200: activityListResponse, 400: apiError, 401: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request) => ({
      success: true as const,
      timeZone: app.config.storeTimeZone,
      ...(await recordHistory(
        app.db,
        app.lists,
        actorOf(request),
        request.params.kind,
        request.params.id,
        request.query,
      )),
    }),
  );
};
