import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLAYER_API } from './player-api.ts';

// The player app's route list (apps/web/src/lib/player-api.ts calls it) against the server's own declarations.
const apiSource = join(import.meta.dirname, '..', '..', '..', 'apps', 'api', 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** `GET /api/app/…` for every `app.get('/api/…'` and `app.post(\n '/api/…'` the server declares. */
function serverRoutes(): Set<string> {
  const routes = new Set<string>();
  for (const file of sourceFiles(apiSource)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/\.(get|post)\(\s*'(\/api\/[^']+)'/g)) {
      routes.add(`${match[1]!.toUpperCase()} ${match[2]}`);
    }
  }
  return routes;
}

describe("the player app's route list", () => {
  it('lists only routes the server declares, with their method and path as written there', () => {
    const served = serverRoutes();
    expect(served.size).toBeGreaterThan(50);
    expect(Object.keys(PLAYER_API).filter((route) => !served.has(route))).toEqual([]);
  });
});
