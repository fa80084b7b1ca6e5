import { randomUUID } from 'node:crypto';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify from 'fastify';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { AppContext } from './app-context.ts';
import { Background, JobRegistry, type ModuleContext } from './app-module.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/connection.ts';
import { migrateOrRefuse, pendingMigrations } from './db/migrate.ts';
import { adminStatic } from './http/admin-static.ts';
import { ambientCapable } from './http/ambient-transaction.ts';
import { makeAuthGuards } from './http/auth.ts';
import { installNoStore } from './http/cache-control.ts';
import { Envelope, ok } from './http/envelope.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { installErrorResponses } from './http/error-responses.ts';
import { frameworkErrors, installInputGuards } from './http/input-guards.ts';
import { installJsonBodyParser } from './http/json-body.ts';
import { lazySchemas } from './http/lazy-schemas.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { registerCompression, serveWebApp } from './http/web-static.ts';
import * as admin from './modules/admin/index.ts';
import * as auth from './modules/auth/index.ts';
import { type Mailer, outboxMailer, smtpMailer } from './modules/auth/mailer.ts';
import { mainLists } from './modules/catalog/catalog.service.ts';
import * as catalog from './modules/catalog/index.ts';
import * as compliance from './modules/compliance/index.ts';
import * as dev from './modules/dev/index.ts';
import * as engagement from './modules/engagement/index.ts';
import * as games from './modules/games/index.ts';
import * as identity from './modules/identity/index.ts';
import * as invite from './modules/invite/index.ts';
import * as jobs from './modules/jobs/index.ts';
import { runDueJobs } from './modules/jobs/jobs.service.ts';
import * as ledger from './modules/ledger/index.ts';
import * as lobby from './modules/lobby/index.ts';
import * as payments from './modules/payments/index.ts';
import * as reporting from './modules/reporting/index.ts';
import * as rg from './modules/rg/index.ts';
import * as slots from './modules/slots/index.ts';
import * as sportsbook from './modules/sportsbook/index.ts';
import * as studio from './modules/studio/index.ts';
import * as support from './modules/support/index.ts';
import * as tax from './modules/tax/index.ts';
import * as tournaments from './modules/tournaments/index.ts';
import * as transparency from './modules/transparency/index.ts';
import * as users from './modules/users/index.ts';
import * as wallet from './modules/wallet/index.ts';
import { Drain, handOffSockets } from './platform/drain.ts';
import { DomainEvents } from './platform/events.ts';
import { registerHealthRoutes } from './platform/health.ts';
import { installMetrics } from './platform/metrics.ts';
import { logContext } from './platform/tracing.ts';
import { installTracing } from './platform/tracing-http.ts';
import { attachGateway, type Gateway, SocketHandlers } from './realtime/gateway.ts';
import { RealtimeHub } from './realtime/hub.ts';

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  /** Tests read mails here instead of the outbox table. */
  mailer?: Mailer;
  /** Tests read the log lines here. */
  logStream?: { write(line: string): void };
  /**
   * The caller starts the background loops itself (`startBackground`), e.g. once the server answers: main.ts does,
   * so hash chains and the sports feed never hold up the first page (decision 0020). Otherwise they start when
   * the app is ready.
   */
  deferBackground?: boolean;
  /**
   * Pending migrations are applied (default: tests and benches build on a database of their own); false refuses a
   * database behind this code (MigrationsBehindError). main.ts passes MIGRATE_ON_START (config.ops.migrateOnStart).
   */
  migrateOnStart?: boolean;
}

/** Builds the whole server in a visible order; main.ts and the tests load exactly this. */
export async function buildApp({
  config,
  database,
  mailer,
  logStream,
  deferBackground,
  migrateOnStart = true,
}: BuildOptions) {
  const schemas = lazySchemas();
  const app = createServer(config, schemas, logStream);
  for (const warning of config.warnings) app.log.warn(warning);
  await migrateOrRefuse(database, migrateOnStart);
  const base: AppContext = {
    config,
    db: ambientCapable(database.db),
    mailer:
      mailer ?? (config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(database.db)),
    realtime: new RealtimeHub(),
    events: new DomainEvents(app.log),
    log: app.log,
  };
  let gateway: Gateway | undefined;
  const rateLimitRedis = await installPlatform(app, config, database, () => gateway?.io.engine.clientsCount);
  const drain = registerOpsRoutes(app, database, rateLimitRedis);

  const ctx: ModuleContext = {
    ...base,
    guards: makeAuthGuards(base.db),
    jobs: new JobRegistry(),
    background: new Background(app.log),
    sockets: new SocketHandlers(),
    payments: payments.openPaymentProviders(app, base),
  };
  const { rounds } = await registerModules(app, ctx);
  // home.html comes with the lobby's first games as links, tappable before the scripts (decision 0011).
  await serveWebApp(app, config.webDistDir, { homeLists: () => mainLists(ctx) });
  // After the web app, so that /admin never falls through to the player app's pages.
  await adminStatic(app);

  app.addHook('onReady', async () => {
    gateway = await attachGateway(app.server, {
      db: ctx.db,
      hub: ctx.realtime,
      log: app.log,
      redisUrl: config.redisUrl,
      handlers: ctx.sockets,
      recheckSeconds: config.socketRecheckSeconds,
    });
    // Background work (durable jobs, round games, feed, reconciliation) runs in servers, not in API tests.
    if (config.jobsEnabled && !deferBackground) ctx.background.start();
  });
  /** The background loops, and the schemas no request has compiled yet (they never hold up the first page). */
  const startBackground = () => {
    if (config.jobsEnabled) ctx.background.start();
    void schemas
      .compileRemaining()
      .catch((error: unknown) => app.log.error({ err: error }, 'a schema does not compile'));
  };
  app.addHook('preClose', async () => {
    await ctx.background.stop();
    // Closed so that their clients reconnect (to another node), not dropped as if thrown out.
    if (gateway) handOffSockets(gateway.io);
  });
  app.addHook('onClose', async () => {
    await gateway?.close();
    rateLimitRedis?.disconnect();
  });
  /** Runs the jobs that are due now (tests call this to drive time-based work deterministically). */
  const runJobs = () => runDueJobs(ctx, ctx.jobs.handlers);
  /** Tells the connected sockets to reconnect elsewhere and closes them (main.ts, once the balancer has seen the drain). */
  const handOff = () => (gateway ? handOffSockets(gateway.io) : 0);
  return { app, ctx, payer: ctx.payments.payer, runJobs, rounds, startBackground, drain, handOff };
}

export type BuiltApp = Awaited<ReturnType<typeof buildApp>>;

/** Fastify with the server's limits, request ids, log redaction and schema compilers. */
function createServer(
  config: Config,
  schemas: ReturnType<typeof lazySchemas>,
  logStream: BuildOptions['logStream'],
) {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      mixin: logContext,
      ...(logStream ? { stream: logStream } : {}),
    },
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: config.server.bodyLimitBytes,
    requestTimeout: config.server.requestTimeoutMs,
    keepAliveTimeout: config.server.keepAliveTimeoutMs,
    connectionTimeout: config.server.connectionTimeoutMs,
    // Scalars only: with 'array', `[1]` became 1 and a one-element array passed for an amount or an id.
    ajv: { customOptions: { coerceTypes: true, removeAdditional: true, useDefaults: true } },
    schemaController: { compilersFactory: schemas.compilersFactory },
    frameworkErrors,
  }).withTypeProvider<TypeBoxTypeProvider>();
  // Fastify has no option for it: a client that trickles its headers in is cut off after this.
  app.server.headersTimeout = config.server.headersTimeoutMs;
  return app;
}

type Server = ReturnType<typeof createServer>;

/** What every route shares: traces, errors, guards, headers, metrics, rate limits, bodies, the OpenAPI document. */
async function installPlatform(
  app: Server,
  config: Config,
  database: DatabaseHandle,
  socketCount: () => number | undefined,
): Promise<Redis | undefined> {
  await installTracing(app, config.ops);
  installErrorHandler(app);
  installErrorResponses(app);
  installInputGuards(app);
  installNoStore(app);
  installSecurityHeaders(app);
  installMetrics(app, database, socketCount);
  // Loaded only with REDIS_URL: a single process on the embedded database never pays for the client.
  const rateLimitRedis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, { maxRetriesPerRequest: 3 })
    : undefined;
  await app.register(rateLimit, {
    global: false,
    ...(rateLimitRedis ? { redis: rateLimitRedis, nameSpace: 'aposta-rl-' } : {}),
  });
  await registerCompression(app);
  await app.register(formbody, { bodyLimit: config.server.bodyLimitBytes });
  installJsonBodyParser(app);
  // A POST without a body is an empty one: its fields are then validated (and named) one by one, and a call
  // whose fields are all optional (prePay, withdraw) reaches its own checks instead of a 400 about "body".
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.method === 'POST') request.body = {};
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Aposta API', version: '1.0.0', description: 'The player API (api-contract.md).' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    },
  });
  // The API's map helps an attacker more than a player: the page is served only outside production.
  if (!config.isProduction) await app.register(swaggerUi, { routePrefix: '/docs' });
  return rateLimitRedis;
}

/** /api/health (the contract's), and liveness and readiness for balancers and orchestrators (decision 0045). */
function registerOpsRoutes(app: Server, database: DatabaseHandle, redis: Redis | undefined): Drain {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['ops'],
        response: { 200: Envelope(Type.Object({ ok: Type.Boolean(), database: Type.String() })) },
      },
    },
    async () => {
      // Answered only once the database answers: main.ts waits for this before it logs that the server is ready.
      await sql`SELECT 1`.execute(database.db);
      return ok({ ok: true, database: database.kind });
    },
  );
  // Ready fails while draining.
  const drain = new Drain();
  drain.install(app);
  registerHealthRoutes(app, {
    drain,
    checks: {
      database: async () => {
        await sql`SELECT 1`.execute(database.db);
      },
      migrations: async () => {
        const pending = await pendingMigrations(database);
        if (pending.length > 0) throw new Error(`pending migrations: ${pending.join(', ')}`);
      },
      ...(redis
        ? {
            redis: async () => {
              await redis.ping();
            },
          }
        : {}),
    },
  });
  return drain;
}

/** The modules, in order. A new module is one more line here. */
async function registerModules(app: Server, ctx: ModuleContext) {
  await auth.register(app, ctx);
  await users.register(app, ctx);
  await catalog.register(app, ctx);
  await wallet.register(app, ctx);
  await payments.register(app, ctx);
  const { engine: rounds } = await games.register(app, ctx);
  await sportsbook.register(app, ctx);
  await slots.register(app, ctx);
  await lobby.register(app, ctx);
  await studio.register(app, ctx);
  await invite.register(app, ctx);
  await admin.register(app, ctx);
  await support.register(app, ctx);
  await engagement.register(app, ctx);
  await rg.register(app, ctx);
  await identity.register(app, ctx);
  await transparency.register(app, ctx);
  await tax.register(app, ctx);
  await tournaments.register(app, ctx);
  await ledger.register(app, ctx);
  await compliance.register(app, ctx);
  await reporting.register(app, ctx);
  await jobs.register(app, ctx);
  await dev.register(app, ctx);
  return { rounds };
}
