import { activityEndpoints } from '@haat/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/access.js';
import { registerExporter, sendExport } from '../../platform/csv/exporter.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { type HistoryGuards, listActivityLog, listPeople, recordHistory } from './activity.service.js';
import { activityExporter } from './activity-export.js';

/**
 * The activity log (issue 10, 'Activity log'; decision 0070; `activityEndpoints`).
 * Entries are written in each change's transaction (its services, or the log's
 * subscribers to its event, decision 0114); these routes only read.
 * @param options.historyGuards which kinds of record a vendor may read the history of,
 *   and which records (the features that own them supply these).
 */
export const activityRoutes: FastifyPluginAsync<{ historyGuards: HistoryGuards }> = async (app, { historyGuards }) => {
  registerExporter(app, activityExporter);
  registerEndpoints(app, activityEndpoints, {
    /**
     * `GET /api/activity` → one page of the log, newest first, with the store's time zone.
     * Errors: 400 bad filter, date or cursor.
     */
    list: async (request) => ({
      success: true as const,
      timeZone: app.config.storeTimeZone,
      ...(await listActivityLog(app.db, app.lists, request.query)),
    }),

    /**
     * `GET /api/activity/export` → `text/csv` of every entry the log's filters select,
     * newest first, times in `STORE_TIME_ZONE` (issue 26). Errors: 400 bad filter or date.
     */
    export: async (request, reply) => sendExport(app, request, reply, activityExporter, request.query),

    /** `GET /api/activity/people` → `{ success, people }`, the person filter's choices. */
    people: async () => ({ success: true as const, people: await listPeople(app.db) }),

    /**
     * `GET /api/activity/{kind}/{id}` → one page of the record's history. Errors: 400 bad
     * kind, id or cursor; 404 for a vendor asking for another's product or another kind.
     */
    history: async (request) => ({
      success: true as const,
      timeZone: app.config.storeTimeZone,
      ...(await recordHistory(
        app.db,
        app.lists,
        historyGuards,
        actorOf(request),
        request.params.kind,
        request.params.id,
        request.query,
      )),
    }),
  });
};
