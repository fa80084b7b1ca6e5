import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkLayers, KNOWN_EDGES, layers, moduleGraph } from './module-graph.ts';

const script = join(import.meta.dirname, 'module-graph.ts');
const trees: string[] = [];

/** A repository tree with these files under apps/api/src/modules. */
function fixture(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'module-graph-'));
  trees.push(root);
  for (const [path, text] of Object.entries(files)) {
    const full = join(root, 'apps/api/src/modules', path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
  return root;
}

/** The check run as `npm run check` runs it, on a tree: its exit code and what it printed. */
function runCheck(root: string): { code: number; output: string } {
  try {
    const output = execFileSync(process.execPath, [script, '--check', '--root', root], {
      encoding: 'utf8',
      stdio: 'pipe',
    });
    return { code: 0, output };
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string };
    return { code: failed.status, output: failed.stdout + failed.stderr };
  }
}

const layered = {
  'ledger/ledger.service.ts': 'export const post = 1;',
  'stakes/stake.ts': "import { post } from '../ledger/ledger.service.ts';\nexport const stake = post;",
  'games/dice.ts':
    "import { stake } from '../stakes/stake.ts';\nimport type { X } from '../ledger/types.ts';",
  'games/dice.test.ts': "import { y } from '../wallet/y.ts';",
};

afterEach(() => {
  for (const root of trees.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('module layers (api modules form a layered graph with no cycle)', () => {
  it('passes on the current tree (the known edges set aside)', () => {
    expect(checkLayers(moduleGraph()).filter((problem) => problem.kind === 'cycle')).toEqual([]);
  });

  it('passes on a layered fixture, and ranks its modules bottom up (tests do not count)', () => {
    const root = fixture(layered);
    const { code, output } = runCheck(root);
    expect(code).toBe(0);
    expect(output).toMatch(/^module layers: no cycle among 3 modules/);
    expect(layers(moduleGraph(root))).toEqual([['ledger'], ['stakes'], ['games']]);
  });

  it('fails when a cycle is planted, naming its modules and the files behind each edge', () => {
    const root = fixture({
      ...layered,
      'ledger/ledger.service.ts': "import type { Dice } from '../games/dice.ts';\nexport const post = 1;",
    });
    const { code, output } = runCheck(root);
    expect(code).toBe(1);
    expect(output).toContain('module layers: cycle: games, ledger, stakes');
    expect(output).toContain('ledger→games: apps/api/src/modules/ledger/ledger.service.ts');
    expect(output).toContain('games→stakes: apps/api/src/modules/games/dice.ts');
  });

  it('fails on a two-way pair through a dynamic import too', () => {
    const root = fixture({
      'a/a.ts': "export const a = 1;\nconst b = await import('../b/b.ts');",
      'b/b.ts': "import { a } from '../a/a.ts';",
    });
    expect(runCheck(root).code).toBe(1);
  });

  it('sets a known edge aside, and calls a known edge that closes no cycle stale', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['a'])],
      ['c', new Set(['a'])],
    ]);
    expect(checkLayers(graph, { 'b→a': 'planted' }, new Map())).toEqual([]);
    expect(checkLayers(graph, { 'b→a': 'planted', 'c→a': 'no cycle' }, new Map())).toEqual([
      { kind: 'stale allowance', detail: 'c→a (delete it from KNOWN_EDGES)' },
    ]);
    expect(checkLayers(graph, {}, new Map()).map((p) => p.kind)).toEqual(['cycle']);
  });

  it('keeps the temporary list of known edges short', () => {
    expect(Object.keys(KNOWN_EDGES).length).toBeLessThanOrEqual(3);
  });
});
