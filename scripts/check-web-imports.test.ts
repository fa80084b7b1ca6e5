import { describe, expect, it } from 'vitest';
import { problemsIn, problemsInWebSource } from './check-web-imports.ts';

describe('web source check', () => {
  it('passes on the current tree', () => {
    expect(problemsInWebSource()).toEqual([]);
  });

  it('fails on a raw button outside the ui layer, not inside it', () => {
    const page = 'export const Tap = () => (\n  <button type="button" onClick={go}>\n    Ir\n  </button>\n);';
    expect(problemsIn('apps/web/src/features/wallet/Tap.tsx', page)).toEqual([
      'apps/web/src/features/wallet/Tap.tsx:2: raw <button> outside the ui layer: use components/ui/Button',
    ]);
    expect(problemsIn('apps/web/src/features/home/Dot.tsx', '<button\n  className="dot"\n/>')).toHaveLength(
      1,
    );
    expect(problemsIn('apps/web/src/components/ui/Button.tsx', page)).toEqual([]);
    expect(problemsIn('apps/web/src/features/wallet/Tap.tsx', '<Button variant="bare">Ir</Button>')).toEqual(
      [],
    );
  });

  it('fails on an untyped call outside the HTTP client', () => {
    const api =
      "export const seeds = () => http.get<Seeds>('/api/app/fair/seeds');\nhttp.post('/api/app/chat/read', {});";
    expect(problemsIn('apps/web/src/features/games/api/seeds.ts', api)).toEqual([
      'apps/web/src/features/games/api/seeds.ts:1: untyped call http.get<: use playerApi from lib/player-api',
      'apps/web/src/features/games/api/seeds.ts:2: untyped call http.post(: use playerApi from lib/player-api',
    ]);
    expect(problemsIn('apps/web/src/lib/player-api.ts', api)).toEqual([]);
    expect(
      problemsIn('apps/web/src/features/games/api/seeds.ts', "playerApi('GET /api/app/fair/seeds')"),
    ).toEqual([]);
  });

  it('still fails on a value import of the contract', () => {
    expect(
      problemsIn('apps/web/src/lib/x.ts', "import { PLAYER_API } from '@aposta/contract';")[0],
    ).toContain('not type-only');
  });
});
