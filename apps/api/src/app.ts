import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { LoginRateLimit } from '@stockyard/shared';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './context';
import { acceptJsonObjects } from './lib/json-body';
import { type Heartbeat, ListenConnection } from './lib/listen-connection';
import { documentRoute, sendAppSession } from './lib/openapi';
import { TABLE_CHANGES_CHANNEL } from './lib/table-changes';
import { acceptUploads } from './lib/upload';
import { activityRoutes } from './modules/activity/activity.routes';
import { attendanceRoutes } from './modules/attendance/attendance.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import type { Mailer } from './modules/email-outbox/email';
import { EmailOutbox, type OutboxOptions } from './modules/email-outbox/email-outbox';
import { emailOutboxRoutes } from './modules/email-outbox/email-outbox.routes';
import { healthRoutes } from './modules/health/health.routes';
import { importsRoutes } from './modules/imports/imports.routes';
import { invoicesRoutes } from './modules/invoices/invoices.routes';
import { labelsRoutes } from './modules/labels/labels.routes';
import { locationsRoutes } from './modules/locations/locations.routes';
import { scheduleRentalAlerts } from './modules/material-rentals/material-rentals.alerts';
import { onHireRoutes } from './modules/material-rentals/material-rentals.on-hire.routes';
import { materialRentalsRoutes } from './modules/material-rentals/material-rentals.routes';
import { materialsRoutes } from './modules/materials/materials.routes';
import {
  movementNotesRoutes,
  returnPhotosRoutes,
} from './modules/movement-notes/movement-notes.routes';
import { noteAttachments } from './modules/movement-notes/movement-notes.service';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { scheduleEventSweep } from './modules/notifications/notify';
import { rentalRequestsRoutes } from './modules/rental-requests/rental-requests.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { billingSettingsRoutes } from './modules/settings/billing-settings.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { twoFactorRoutes } from './modules/settings/two-factor.routes';
import { staffRoutes } from './modules/staff/staff.routes';
import { stockTakesRoutes } from './modules/stock-takes/stock-takes.routes';
import { usersRoutes } from './modules/users/users.routes';
import authPlugin from './plugins/auth';
import { frameworkErrors, registerErrorHandler } from './plugins/error-handler';
import idempotency, { documentIdempotencyKey } from './plugins/idempotency';
import { OneLineRequestLog } from './plugins/request-log';
import securityHeaders from './plugins/security-headers';
import socketPlugin from './plugins/socket';
import strictQuery from './plugins/strict-query';
import { registerWebApp } from './plugins/web';

export type BuildAppOptions = {
  ctx: AppContext;
  logger?: FastifyServerOptions['logger'];
  /** The built web app to serve beside the API; none in API tests. */
  webDist?: string | null;
  /** WEB_ORIGIN: an origin besides the app's own whose pages may open a socket. */
  webOrigin?: string | null;
  /** API_DOCS_PUBLIC: the API documentation without signing in. */
  apiDocsPublic?: boolean;
  /** TRUST_PROXY: which proxies' X-Forwarded-For gives `request.ip`; none by default. */
  trustProxy?: boolean | string[];
  /** Sign-in throttling limits (LOGIN_* variables); the shared defaults when absent. */
  loginLimits?: LoginRateLimit;
  /** Send the overdue rental alerts at start and once a day (the server does; tests choose). */
  rentalAlerts?: boolean;
  /**
   * Fan out, every few seconds, the notification events whose fan-out after their commit did not
   * happen (the server does; tests sweep when they choose).
   */
  notificationSweep?: boolean;
  /** E-mail through SMTP_URL: the mailer, and the outbox worker's timings. */
  mail?: { mailer: Mailer; outbox?: OutboxOptions } | null;
  /** The heartbeat of the connection that hears table notices (a test's; a few seconds else). */
  listenHeartbeat?: Heartbeat;
};

export const DEFAULT_WEB_DIST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../web/dist',
);

/** Builds the Fastify instance: plugins, the error handler, then the modules. */
export async function buildApp({
  ctx,
  logger = false,
  webDist = null,
  webOrigin = null,
  apiDocsPublic = false,
  trustProxy = false,
  loginLimits,
  rentalAlerts = false,
  notificationSweep = false,
  mail = null,
  listenHeartbeat,
}: BuildAppOptions): Promise<FastifyInstance> {
  if (loginLimits) ctx.loginLimits = loginLimits;
  const app = Fastify({
    logger,
    logController: new OneLineRequestLog(),
    bodyLimit: 256 * 1024,
    trustProxy,
    // A longer path parameter is refused by the router, through frameworkErrors, as a 414.
    routerOptions: { maxParamLength: 200 },
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  // The zod validator compiler, with no query parameter that a route does not declare.
  await app.register(strictQuery);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);
  acceptJsonObjects(app);
  acceptUploads(app);

  await app.register(securityHeaders);
  // Answers compressed as the client asks (brotli or gzip); the web app's files are compressed once,
  // at build, and sent as they are (plugins/web.ts). A quick brotli level: the answers change.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Stockyard API', version: '1.0.0' },
      // The paths are absolute (/api/...): the server is the one that serves the document.
      servers: [{ url: '/', description: 'This server' }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: documentRoute,
    transformObject: documentIdempotencyKey,
  });
  // Before every route, so that each one takes its rule from the access table.
  await app.register(authPlugin, { apiDocsPublic });
  await app.register(idempotency);
  await app.register(socketPlugin, { webOrigin });
  const spaFallback = webDist ? await registerWebApp(app, webDist) : false;
  // Set before the modules register, so that every route inherits it.
  registerErrorHandler(app, { spaFallback });
  // After the error handler, which a plugin's routes take as they register: the document's 401
  // is in the API's error shape. The page sends the web app's session with every request it
  // makes (the document, Try it out): the token the app keeps in this origin's storage.
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: { requestInterceptor: sendAppSession },
  });

  // A module's own path (GET /api/invoices) is registered as '', the prefix itself: '/' would
  // add /api/invoices/ as well, and the API document would name that one.
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(locationsRoutes, { prefix: '/locations' });
      await api.register(onHireRoutes, { prefix: '/locations' });
      await api.register(materialsRoutes, { prefix: '/materials' });
      await api.register(catalogueRoutes, { prefix: '/catalogue' });
      await api.register(importsRoutes, { prefix: '/imports' });
      await api.register(labelsRoutes, { prefix: '/labels' });
      await api.register(stockTakesRoutes, { prefix: '/stock-takes' });
      await api.register(usersRoutes, { prefix: '/users' });
      await api.register(settingsRoutes, { prefix: '/users' });
      await api.register(billingSettingsRoutes, { prefix: '/settings' });
      await api.register(twoFactorRoutes, { prefix: '/auth' });
      await api.register(invoicesRoutes, { prefix: '/invoices' });
      await api.register(billingRoutes, { prefix: '/billing' });
      await api.register(reportsRoutes, { prefix: '/reports' });
      await api.register(rentalRequestsRoutes, { prefix: '/rental-requests' });
      await api.register(materialRentalsRoutes, { prefix: '/material-rentals' });
      await api.register(returnPhotosRoutes, { prefix: '/material-rentals/returns' });
      await api.register(movementNotesRoutes, { prefix: '/movement-notes' });
      await api.register(staffRoutes, { prefix: '/staff' });
      await api.register(attendanceRoutes, { prefix: '/attendance' });
      await api.register(notificationsRoutes, { prefix: '/notifications' });
      await api.register(activityRoutes, { prefix: '/activity-logs' });
      await api.register(emailOutboxRoutes, { prefix: '/email-outbox' });
      // The dashboard's paths span /users and /dashboard (01 section 7).
      await api.register(dashboardRoutes);
    },
    { prefix: '/api' },
  );

  listenForTableChanges(app, listenHeartbeat);

  if (mail) {
    // A movement note's PDF is made when its mail is sent, so the outbox row holds only its id.
    const outbox = new EmailOutbox(ctx.db, mail.mailer, app.log, mail.outbox, noteAttachments(ctx));
    ctx.mailer = mail.mailer;
    ctx.emailOutbox = outbox;
    app.addHook('onReady', async () => {
      outbox.start();
    });
    app.addHook('onClose', async () => {
      await outbox.stop();
    });
  }

  if (notificationSweep) {
    let sweep: ReturnType<typeof scheduleEventSweep> | null = null;
    app.addHook('onReady', async () => {
      sweep = scheduleEventSweep(ctx, app.log);
    });
    app.addHook('onClose', async () => {
      await sweep?.stop();
    });
  }

  if (rentalAlerts) {
    let alerts: ReturnType<typeof scheduleRentalAlerts> | null = null;
    app.addHook('onReady', async () => {
      alerts = scheduleRentalAlerts(ctx, app.log);
    });
    app.addHook('onClose', async () => {
      await alerts?.stop();
    });
  }

  return app;
}

/**
 * Hears the database's notices of changed tables on a connection of its own, so that the open
 * screens this process's sockets serve follow every write, from any process or client
 * (`changed`, plugins/socket.ts).
 */
function listenForTableChanges(app: FastifyInstance, heartbeat?: Heartbeat): void {
  const { changes, events } = app.ctx;
  const { options } = app.ctx.db.$client;
  const listener = new ListenConnection(options, app.log, 'table changes', heartbeat);
  listener.on('notification', (message) => {
    if (message.channel === TABLE_CHANGES_CHANNEL && message.payload)
      events.emit('tableChanged', message.payload);
  });
  let heard = false;
  listener.on('listening', () => {
    changes.heardAgain();
    // Heard again after a loss: what changed meanwhile is unknown.
    if (heard) events.emit('tableChanged', null);
    heard = true;
  });
  listener.on('lost', () => changes.deaf());
  void listener.query(`LISTEN "${TABLE_CHANGES_CHANNEL}"`);
  app.addHook('onClose', async () => {
    listener.close();
    changes.deaf();
  });
}
