/**
 * WORKERS: how many server processes `npm start` runs. By default one per core when the database is PostgreSQL
 * and Redis shares sockets and rate limits; one otherwise (the embedded database is single-writer, and without
 * Redis a push made by one process would miss the sockets of another).
 */
export function parseWorkers(
  value: string | undefined,
  context: { databaseUrl: string | undefined; redisUrl: string | undefined; cores: number },
): number {
  const shared = Boolean(context.databaseUrl && context.redisUrl);
  if (value === undefined || value === '') return shared ? Math.max(1, Math.min(64, context.cores)) : 1;
  const workers = Number(value);
  if (!/^\d{1,2}$/.test(value) || workers < 1 || workers > 64) throw new Error('WORKERS must be 1..64');
  if (workers > 1 && !context.databaseUrl)
    throw new Error('WORKERS above 1 needs DATABASE_URL: the embedded database takes one process');
  if (workers > 1 && !context.redisUrl)
    throw new Error('WORKERS above 1 needs REDIS_URL: sockets and rate limits are shared through Redis');
  return workers;
}
