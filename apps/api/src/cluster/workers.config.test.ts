import { describe, expect, it } from 'vitest';
import { parseWorkers } from './workers.config.ts';

const shared = { databaseUrl: 'postgres://db/aposta', redisUrl: 'redis://cache:6379', cores: 4 };

describe('parseWorkers', () => {
  it('runs one process per core on PostgreSQL with Redis, and one otherwise', () => {
    expect(parseWorkers(undefined, shared)).toBe(4);
    expect(parseWorkers('', { ...shared, redisUrl: undefined })).toBe(1);
    expect(parseWorkers(undefined, { ...shared, databaseUrl: undefined })).toBe(1);
  });

  it('takes a chosen count, and refuses one the setup cannot share', () => {
    expect(parseWorkers('2', shared)).toBe(2);
    expect(parseWorkers('1', { ...shared, databaseUrl: undefined })).toBe(1);
    expect(() => parseWorkers('2', { ...shared, databaseUrl: undefined })).toThrow(/DATABASE_URL/);
    expect(() => parseWorkers('3', { ...shared, redisUrl: undefined })).toThrow(/REDIS_URL/);
    expect(() => parseWorkers('0', shared)).toThrow(/1\.\.64/);
    expect(() => parseWorkers('two', shared)).toThrow(/1\.\.64/);
  });
});
