import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/connection.ts';
import type { Mailer } from './modules/auth/mailer.ts';
import type { DomainEvents } from './platform/events.ts';
import type { RealtimeHub } from './realtime/hub.ts';

/** What services need from the outside world; built once in app.ts and passed first to every service. */
export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
  realtime: RealtimeHub;
  /** Domain events, delivered after the commit of the transaction that published them (platform/events.ts). */
  events: DomainEvents;
  log: FastifyBaseLogger;
}
