import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminStatic } from './admin-static.ts';

describe('the back office at /admin', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-dist-'));
  const app = Fastify();
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Back office</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    await adminStatic(app, dist);
    app.get('/', async () => 'player app');
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves its page for any of its client-side routes, never framed, never cached stale', async () => {
    for (const url of ['/admin', '/admin/', '/admin/players/100002', '/admin/login']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<title>Back office</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("connect-src 'self'");
      expect(response.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('serves hashed assets with a long cache, and leaves other paths alone', async () => {
    const asset = await app.inject({ url: '/admin/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const stale = await app.inject({ url: '/admin/assets/index-old999.js' });
    expect(stale.statusCode).toBe(404);
    const player = await app.inject({ url: '/' });
    expect(player.body).toBe('player app');
    expect(player.headers['content-security-policy']).toBeUndefined();
  });

  it('registers nothing when the back office was not built', async () => {
    const bare = Fastify();
    await adminStatic(bare, path.join(dist, 'missing'));
    await bare.ready();
    expect((await bare.inject({ url: '/admin' })).statusCode).toBe(404);
    await bare.close();
  });
});
