import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/connection.ts';
import type { Mailer } from './modules/auth/mailer.ts';
import type { RealtimeHub } from './realtime/hub.ts';

/** What services need from the outside world; built once in app.ts and passed first to every service. */
export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
  realtime: RealtimeHub;
  log: FastifyBaseLogger;
}
