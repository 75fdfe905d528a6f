import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import jwt from '@fastify/jwt';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { EXPORT_FILE_HOURS } from '@haat/contract';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { activityRoutes } from './features/activity/activity.routes.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { securityRoutes } from './features/auth/security.routes.js';
import { blogRoutes } from './features/blog/blog.routes.js';
import { categoryRoutes } from './features/categories/categories.routes.js';
import { subcategoryRoutes } from './features/categories/subcategories.routes.js';
import { cleanupTask } from './features/cleanup/cleanup.service.js';
import { commissionRoutes } from './features/commissions/commissions.routes.js';
import { contactRoutes } from './features/contacts/contacts.routes.js';
import { couponRoutes } from './features/coupons/coupons.routes.js';
import { customerRoutes } from './features/customers/customers.routes.js';
import { dashboardRoutes } from './features/dashboard/dashboard.routes.js';
import { dashboardSettingsRoutes } from './features/dashboard/dashboard-settings.routes.js';
import { commissionInvoicesTask } from './features/documents/commission-invoices.js';
import { documentRoutes } from './features/documents/documents.routes.js';
import { healthRoutes } from './features/health/health.routes.js';
import { jobRoutes } from './features/jobs/jobs.routes.js';
import { kycRoutes } from './features/kyc/kyc.routes.js';
import { lateShipmentsTask } from './features/mail/late-shipments.js';
import { mailRoutes } from './features/mail/mail.routes.js';
import { productsWaitingDigestTask } from './features/mail/products-waiting.js';
import {
  notifyBulkDone,
  notifyExportReady,
  notifyImportDone,
  notifyManifestDone,
} from './features/notifications/job-notices.js';
import { notificationRoutes } from './features/notifications/notifications.routes.js';
import { checkoutRoutes } from './features/orders/checkout.routes.js';
import { orderCorrectionRoutes } from './features/orders/order-corrections.routes.js';
import { orderStatusRoutes } from './features/orders/order-status.routes.js';
import { orderRoutes } from './features/orders/orders.routes.js';
import { payoutRoutes } from './features/payouts/payouts.routes.js';
import { earningsReleaseTask } from './features/payouts/payouts.service.js';
import { productImportRoutes } from './features/products/import/product-import.routes.js';
import { importJobHandler, PRODUCT_IMPORT_JOB } from './features/products/import/product-import.service.js';
import { productBulkRoutes } from './features/products/product-bulk.routes.js';
import { PRODUCT_BULK_JOB, productBulkJobHandler } from './features/products/product-bulk.service.js';
import { assertProductVisible } from './features/products/product-visibility.js';
import { productRoutes } from './features/products/products.routes.js';
import { searchRoutes } from './features/search/search.routes.js';
import { shipmentDocumentRoutes } from './features/shipments/shipment-documents.routes.js';
import { manifestJobHandler, SHIPMENT_IMPORT_JOB } from './features/shipments/shipment-documents.service.js';
import { shipmentRoutes } from './features/shipments/shipments.routes.js';
import { staffRoutes } from './features/staff/staff.routes.js';
import { taxRoutes } from './features/tax/tax.routes.js';
import { taxReportRoutes } from './features/tax/tax-reports.routes.js';
import { teamRoutes } from './features/team/team.routes.js';
import { uploadRoutes } from './features/uploads/uploads.routes.js';
import { vendorPortalRoutes } from './features/vendors/vendor-portal.routes.js';
import { vendorRoutes } from './features/vendors/vendors.routes.js';
import { websiteConfigRoutes } from './features/website-config/website-config.routes.js';
import { accessControl } from './platform/auth/access.js';
import { resolveJwtSecret } from './platform/auth/jwt-secret.js';
import { EXPORT_JOB, exportJobHandler } from './platform/csv/exporter.js';
import type { DatabaseHandle, DatabaseKind, Db } from './platform/db/create-db.js';
import { createListContext, type ListContext } from './platform/db/list-search.js';
import { createEventBus, type EventBus } from './platform/events/event-bus.js';
import { registerCachePolicy } from './platform/http/cache-policy.js';
import { errorHandler } from './platform/http/error-handler.js';
import { registerInFlightTracking } from './platform/http/in-flight.js';
import { rewriteLegacyPath } from './platform/http/legacy-paths.js';
import { registerNotFound } from './platform/http/not-found.js';
import { registerApiDocs, registerOpenApi } from './platform/http/openapi.js';
import { databaseRateLimitStore } from './platform/http/rate-limit-store.js';
import { registerRequestGuards } from './platform/http/request-guards.js';
import { JobRunner } from './platform/jobs/job-runner.js';
import { listenForJobs } from './platform/jobs/job-wakeups.js';
import { createMailer, type Mailer } from './platform/mail/delivery.js';
import { storeSubscribers } from './subscribers.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    dbKind: DatabaseKind;
    /**
     * This app's list bounds and the state its list searches keep (decision 0085): the
     * routes hand it to the services' list functions.
     */
    lists: ListContext;
    /**
     * This app's domain events (decision 0114): the routes hand it to the services that
     * publish, whose subscribers write in the publisher's transaction.
     */
    events: EventBus;
    /** This process's mail delivery (decision 0125): the outbox's task and its wake-up. */
    mail: Mailer;
  }
}

/** The one algorithm session tokens are signed and verified with. */
export const TOKEN_ALGORITHM = 'HS256';

/** Request bodies above this answer 413 (routes that take uploads raise it for themselves). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Answers up to this size are compressed in one synchronous call rather than streamed
 * through zlib's thread pool. Every JSON answer the API builds is bounded (pages of at
 * most 100 rows; unpaged lists are capped, decision 0025), so few go past it.
 */
export const COMPRESS_SYNC_THRESHOLD_BYTES = 512 * 1024;

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/**
 * Fastify's compiler factories, answering the Zod compilers. Fastify types them for
 * Ajv's schemas (JSON Schema), which the Zod compilers do not take; the casts say only
 * that the schemas our routes give are Zod's.
 */
const ZOD_COMPILERS: CompilersFactory = {
  buildValidator: (() => validatorCompiler) as unknown as CompilersFactory['buildValidator'],
  buildSerializer: (() => serializerCompiler) as unknown as CompilersFactory['buildSerializer'],
};

/** The built single-page app, served from the API's origin. */
const DEFAULT_WEB_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** The built web app to serve; null for none. Default: apps/web/dist when it exists. */
  webRoot?: string | null;
  /** false silences request logs (tests). */
  logger?: boolean;
}

/**
 * Builds the HTTP application: platform plugins first (security headers, rate
 * limits, tokens, access control, errors, OpenAPI), then each feature's routes
 * under `/api`, then the API docs and the web app. The database must already be
 * migrated. Closing the app does not close the database.
 */
export async function buildApp({
  config,
  database,
  webRoot,
  logger = true,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    rewriteUrl: (request) => rewriteLegacyPath(request.url ?? '/'),
    routerOptions: { ignoreTrailingSlash: true },
    requestIdHeader: 'x-request-id',
    // One line per request only when debugging; errors are always logged by the error handler.
    logController: new LogController({ disableRequestLogging: !['debug', 'trace'].includes(config.logLevel) }),
    // Every route validates and serialises with Zod (the compilers set below). Without
    // these factories Fastify loads Ajv and fast-json-stringify and builds their
    // compilers anyway, for no route: about 50 ms of a cold start's CPU
    // (docs/decisions/0096-a-cold-start-loads-what-it-serves.md).
    schemaController: { compilersFactory: ZOD_COMPILERS },
  }).withTypeProvider<ZodTypeProvider>();
  // First of all, so every request and handler is counted for a draining shutdown (decision 0028).
  registerInFlightTracking(app);

  // The API speaks JSON only: any other body answers 415 rather than failing validation.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  app.decorate('exporters', new Map());
  // This app's own bus (decision 0085: nothing of it lives in the process).
  app.decorate('events', createEventBus(storeSubscribers(config)));
  // Mail waits in the outbox; with SMTP_URL set, the mail task delivers it (decision 0125).
  const mailer = createMailer(
    database.db,
    config.smtpUrl,
    {
      from: config.mailFrom,
      storeName: config.storeName,
      publicUrl: config.publicUrl,
      retryDelayMs: config.mailRetryDelayMs,
      maxAttempts: config.mailMaxAttempts,
      leaseMs: config.mailLeaseMs,
      pollMs: config.mailPollMs,
    },
    app.log,
  );
  app.decorate('mail', mailer);
  // Background jobs (decisions 0110, 0116): exports, imports and bulk actions, in any one
  // process, under a lease; and the periodic tasks, each round in one process. Started once ready.
  const jobs = new JobRunner(
    database.db,
    {
      [EXPORT_JOB]: exportJobHandler(app),
      [PRODUCT_IMPORT_JOB]: importJobHandler(app),
      [PRODUCT_BULK_JOB]: productBulkJobHandler(app),
      [SHIPMENT_IMPORT_JOB]: manifestJobHandler(app),
    },
    {
      pollMs: config.jobPollMs,
      staleMs: config.jobLeaseMs,
      keepMs: EXPORT_FILE_HOURS * 60 * 60 * 1000,
      maxAttempts: config.jobMaxAttempts,
      retryDelayMs: config.jobRetryDelayMs,
      schedules: [
        // Old notifications, checkout keys, expired revocations and unused uploads go (decision 0091).
        cleanupTask(
          database.db,
          database.kind,
          {
            intervalMinutes: config.cleanupIntervalMinutes,
            notificationRetentionDays: config.notificationRetentionDays,
            checkoutKeyRetentionDays: config.checkoutKeyRetentionDays,
            uploadGraceHours: config.uploadGraceHours,
          },
          app.log,
        ),
        earningsReleaseTask(database.db, config.payoutHoldDays, config.earningsReleaseMinutes),
        mailer.task,
        productsWaitingDigestTask(database.db),
        lateShipmentsTask(database.db, app.events),
        // The store's commission invoices to its vendors for the month just ended (issue 35; decision 0145).
        commissionInvoicesTask(database.db),
      ],
      // PostgreSQL tells idle runners of a new job at once (LISTEN/NOTIFY); SQLite polls.
      wakeups: database.kind === 'postgres' ? (wake) => listenForJobs(config.databaseUrl, wake, app.log) : undefined,
    },
    app.log,
    // The bell when a job is done: each kind its own words and page.
    (job, now, summary = {}) => {
      if (job.kind === PRODUCT_IMPORT_JOB) return notifyImportDone(database.db, job, summary, now);
      if (job.kind === PRODUCT_BULK_JOB) return notifyBulkDone(database.db, job, summary, now);
      if (job.kind === SHIPMENT_IMPORT_JOB) return notifyManifestDone(database.db, job, summary, now);
      return notifyExportReady(database.db, job, now);
    },
  );
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => {
    await jobs.stop();
    await mailer.close();
  });

  // Each app's own bounds (decisions 0025, 0027) and kept search state, never the process's (decision 0085).
  app.decorate(
    'lists',
    createListContext({ unpagedLimit: config.unpagedListLimit, countBound: config.listCountBound }),
  );

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        // Product and banner images live on other hosts; blog images may be embedded.
        'img-src': ["'self'", 'data:', 'blob:', 'http:', 'https:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'script-src': ["'self'"],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'upgrade-insecure-requests': null,
      },
    },
    // Only behind TLS: once sent, browsers refuse plain HTTP to the host for a year.
    strictTransportSecurity: config.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  // JSON answers above 1 KB go out compressed (brotli or gzip, as the client accepts);
  // the web app's files are compressed at build time and served as they are.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // A page of 50 (about 77 KB of JSON) compresses in one synchronous call: brotli at
    // quality 4 takes about 0.7 ms for it, while the streamed path the plugin takes above
    // its default threshold (8 KB on 2 cores) cost 40 % of the throughput
    // (docs/decisions/0033, Measurements: "Throughput of the product pages").
    syncThreshold: COMPRESS_SYNC_THRESHOLD_BYTES,
  });
  registerCachePolicy(app);
  // Counts live in the database, shared by every API process and kept across restarts.
  // skipOnError stays false: if the database fails, a limited route answers 500 rather
  // than going unlimited (docs/decisions/0015-login-rate-limit-in-the-database.md).
  await app.register(rateLimit, {
    global: false,
    skipOnError: false,
    store: databaseRateLimitStore({
      db: database.db,
      onCleanupError: (error) => app.log.warn({ err: error }, 'deleting expired rate-limit counts failed'),
    }),
  });
  // One algorithm, pinned both ways, and no token without an expiry: a token signed
  // otherwise, or meant to live for ever, is refused whatever its signature.
  await app.register(jwt, {
    secret: resolveJwtSecret(config.jwtSecret, config.dataDir),
    sign: { algorithm: TOKEN_ALGORITHM, expiresIn: config.jwtTtlSeconds },
    verify: { algorithms: [TOKEN_ALGORITHM], requiredClaims: ['exp'] },
  });
  await app.register(accessControl, { db: database.db });
  app.setErrorHandler(errorHandler);
  registerRequestGuards(app);
  await registerOpenApi(app);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(dashboardRoutes);
  await app.register(categoryRoutes);
  await app.register(subcategoryRoutes);
  await app.register(productRoutes);
  await app.register(productBulkRoutes);
  await app.register(productImportRoutes);
  await app.register(vendorRoutes);
  await app.register(vendorPortalRoutes);
  await app.register(orderRoutes);
  await app.register(customerRoutes);
  await app.register(jobRoutes);
  await app.register(taxRoutes);
  await app.register(taxReportRoutes);
  await app.register(blogRoutes);
  await app.register(contactRoutes);
  await app.register(uploadRoutes);
  await app.register(websiteConfigRoutes);
  await app.register(orderStatusRoutes);
  await app.register(shipmentRoutes);
  await app.register(documentRoutes);
  await app.register(shipmentDocumentRoutes);
  await app.register(orderCorrectionRoutes);
  await app.register(couponRoutes);
  await app.register(checkoutRoutes);
  await app.register(searchRoutes);
  await app.register(dashboardSettingsRoutes);
  await app.register(notificationRoutes);
  // A vendor reads the history of their own products only: the catalog says which are theirs.
  await app.register(activityRoutes, { historyGuards: { product: assertProductVisible } });
  await app.register(commissionRoutes);
  await app.register(payoutRoutes);
  await app.register(kycRoutes);
  await app.register(securityRoutes);
  await app.register(mailRoutes);
  await app.register(staffRoutes);
  await app.register(teamRoutes);

  await registerApiDocs(app);

  const root = webRoot === undefined ? (existsSync(DEFAULT_WEB_ROOT) ? DEFAULT_WEB_ROOT : null) : webRoot;
  if (root) {
    await app.register(fastifyStatic, {
      root,
      // One route for every file, looked up on request. Listing the build's files at
      // start (wildcard: false) made two routes for each of its 233 files, and walking
      // the folder and routing them took about 70 ms of a cold start's CPU
      // (decision 0096). A path that is no file goes on to the not-found handler, which
      // answers a screen's path with index.html as before.
      wildcard: true,
      // The build writes .br and .gz beside each file (vite-plugin-compression2).
      preCompressed: true,
      // Source maps would hand the public our sources; served only when asked for.
      allowedPath: (pathName) => config.serveSourceMaps || !pathName.endsWith('.map'),
      // Our own Cache-Control below, not the file server's max-age=0.
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  registerNotFound(app, root);

  return app;
}
