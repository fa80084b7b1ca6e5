import type { Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** An open database transaction: services that must run inside the caller's transaction take one of these. */
export type Tx = Transaction<Database>;
