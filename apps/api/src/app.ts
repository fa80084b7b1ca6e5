import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { Type } from 'typebox';
import type { AppContext } from './app-context.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/connection.ts';
import { migrate } from './db/migrate.ts';
import { ambientCapable } from './http/ambient-transaction.ts';
import { makeAuthGuards } from './http/auth.ts';
import { installNoStore } from './http/cache-control.ts';
import { Envelope, ok } from './http/envelope.ts';
import { installErrorHandler, translateFor } from './http/error-handler.ts';
import { frameworkErrors, installInputGuards } from './http/input-guards.ts';
import { installJsonBodyParser } from './http/json-body.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { ensureFirstOperator } from './modules/auth/auth.service.ts';
import { type Mailer, outboxMailer, smtpMailer } from './modules/auth/mailer.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { outboxRoutes } from './modules/dev/outbox.routes.ts';
import { seedDemo } from './modules/dev/seed-demo.ts';
import { registerGames } from './modules/games/index.ts';
import { type JobHandler, runDueJobs, scheduleJob, startJobPoller } from './modules/jobs/jobs.service.ts';
import { checkLedger } from './modules/ledger/ledger.check.ts';
import { type SandboxProvider, sandboxProvider } from './modules/payments/sandbox.provider.ts';
import { sandboxRoutes } from './modules/payments/sandbox.routes.ts';
import { webhookRoutes } from './modules/payments/webhook.routes.ts';
import { registerSportsbook } from './modules/sportsbook/index.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { expireDeposit } from './modules/wallet/deposits.service.ts';
import { walletRoutes } from './modules/wallet/wallet.routes.ts';
import { payWithdrawalJob } from './modules/wallet/withdrawals.service.ts';
import { attachGateway, type Gateway } from './realtime/gateway.ts';
import { RealtimeHub } from './realtime/hub.ts';

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  /** Tests read mails here instead of the outbox table. */
  mailer?: Mailer;
  /** Tests read the log lines here. */
  logStream?: { write(line: string): void };
}

/** Builds the whole server in a visible order; main.ts and the tests load exactly this. */
export async function buildApp({ config, database, mailer, logStream }: BuildOptions) {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      ...(logStream ? { stream: logStream } : {}),
    },
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    // Scalars only: with 'array', `[1]` became 1 and a one-element array passed for an amount or an id.
    ajv: { customOptions: { coerceTypes: true, removeAdditional: true, useDefaults: true } },
    frameworkErrors,
  }).withTypeProvider<TypeBoxTypeProvider>();

  for (const warning of config.warnings) app.log.warn(warning);
  await migrate(database);
  const realtime = new RealtimeHub();
  const ctx: AppContext = {
    config,
    db: ambientCapable(database.db),
    mailer:
      mailer ?? (config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(database.db)),
    realtime,
    log: app.log,
  };
  await ensureFirstOperator(ctx);
  if (config.seedDemo) await seedDemo(ctx);

  installErrorHandler(app);
  installInputGuards(app);
  installNoStore(app);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameSrc: ["'self'"],
        frameAncestors: ["'self'"],
        // Off: on plain http from any host but localhost (a LAN address, a container name) browsers would fetch
        // every script over https and show a blank page. TLS belongs to the proxy in front, with HSTS.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  const rateLimitRedis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 3 })
    : undefined;
  await app.register(rateLimit, {
    global: false,
    ...(rateLimitRedis ? { redis: rateLimitRedis, nameSpace: 'aposta-rl-' } : {}),
  });
  await app.register(formbody, { bodyLimit: 64 * 1024 });
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

  const guards = makeAuthGuards(ctx.db);
  // The sandbox PSP confirms payments by calling our webhook through the full HTTP pipeline; a failed delivery
  // is retried by a durable job, as a real PSP retries.
  const sandbox: SandboxProvider = sandboxProvider({
    db: ctx.db,
    secret: config.webhookSecret,
    deliver: () => async (rawBody, headers) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/pay/webhook/sandbox',
        payload: rawBody,
        headers: { ...headers, 'content-type': 'application/json' },
      });
      if (response.statusCode !== 200) {
        await scheduleJob(
          ctx.db,
          'redeliver_sandbox_webhook',
          { rawBody },
          { runAt: new Date(Date.now() + 5000) },
        );
      }
      return response.statusCode === 200;
    },
  });
  const jobHandlers: Record<string, JobHandler> = {
    expire_deposit: expireDeposit,
    pay_withdrawal: payWithdrawalJob(sandbox),
    redeliver_sandbox_webhook: async (_ctx, payload) => {
      const rawBody = String(payload.rawBody);
      const timestamp = Math.floor(Date.now() / 1000);
      const { signWebhook } = await import('./modules/payments/webhook-signature.ts');
      const response = await app.inject({
        method: 'POST',
        url: '/api/pay/webhook/sandbox',
        payload: rawBody,
        headers: {
          'content-type': 'application/json',
          'x-webhook-timestamp': String(timestamp),
          'x-webhook-signature': signWebhook(config.webhookSecret, timestamp, rawBody),
        },
      });
      if (response.statusCode !== 200) throw new Error(`webhook redelivery answered ${response.statusCode}`);
    },
  };
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['ops'],
        response: { 200: Envelope(Type.Object({ ok: Type.Boolean(), database: Type.String() })) },
      },
    },
    async () => ok({ ok: true, database: database.kind }),
  );
  authRoutes(app, ctx, guards);
  usersRoutes(app, ctx, guards);
  catalogRoutes(app, ctx, guards);
  walletRoutes(app, ctx, guards, sandbox);
  const games = registerGames(app, ctx, guards, { chainLength: config.roundChainLength });
  const sportsbook = registerSportsbook(app, ctx, guards);
  Object.assign(jobHandlers, sportsbook.jobHandlers);
  await webhookRoutes(app, ctx, [sandbox]);
  if (!config.isProduction) {
    outboxRoutes(app, ctx);
    sandboxRoutes(app, ctx, sandbox);
  }

  const webIndex = path.join(config.webDistDir, 'index.html');
  const webBuilt = fs.existsSync(webIndex);
  if (webBuilt) {
    await app.register(fastifyStatic, { root: config.webDistDir, wildcard: false, index: false });
  }
  // Unknown /api paths are 404s in the envelope; any other path is the web app's client-side route.
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || !webBuilt || request.method !== 'GET') {
      return reply
        .code(404)
        .send({ status: 404, message: translateFor(request, 'error.not_found'), data: null });
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html');
  });

  let gateway: Gateway | undefined;
  let poller: ReturnType<typeof startJobPoller> | undefined;
  let ledgerTimer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    gateway = attachGateway(app.server, {
      db: ctx.db,
      hub: realtime,
      log: app.log,
      redisUrl: config.redisUrl,
      recheckSeconds: config.socketRecheckSeconds,
    });
    // Background work (durable jobs, round games, reconciliation) runs in servers, not in API tests.
    if (config.jobsEnabled) {
      poller = startJobPoller(ctx, jobHandlers);
      games.start();
      sportsbook.start();
      ledgerTimer = setInterval(() => void reconcile(ctx), config.ledgerCheckIntervalSeconds * 1000);
      ledgerTimer.unref();
    }
  });
  app.addHook('preClose', async () => {
    clearInterval(ledgerTimer);
    await poller?.stop();
    await games.stop();
    await sportsbook.stop();
    gateway?.io.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    await gateway?.close();
    rateLimitRedis?.disconnect();
  });
  /** Runs the jobs that are due now (tests call this to drive time-based work deterministically). */
  const runJobs = () => runDueJobs(ctx, jobHandlers);
  return { app, ctx, sandbox, runJobs, rounds: games.engine };
}

/** The periodic reconciliation: logs an alarm naming each difference. */
async function reconcile(ctx: AppContext): Promise<void> {
  try {
    const problems = await checkLedger(ctx.db);
    if (problems.length > 0) ctx.log.fatal({ problems }, 'ledger check failed');
    else ctx.log.info('ledger check clean');
  } catch (error) {
    ctx.log.error({ err: error }, 'ledger check could not run');
  }
}

export type BuiltApp = Awaited<ReturnType<typeof buildApp>>;
