// Prints the import graph between the API's modules (apps/api/src/modules/<name>) and its cycles, for
// docs/architecture.md, and checks the rule that the modules form a layered graph: no cycle. Production files
// only (tests left out); type-only imports count too, since they tie the modules' designs together just the same.
// Plain Node 24 TypeScript, no dependencies:
//   node scripts/module-graph.ts            the graph, its cycles and two-way pairs
//   node scripts/module-graph.ts --mermaid  the graph as a mermaid diagram (docs/architecture.md)
//   node scripts/module-graph.ts --check    exit 1 on a cycle (in `npm run check`); --root DIR checks another tree
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MODULES = 'apps/api/src/modules';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The module a file belongs to ('ledger'), or undefined outside apps/api/src/modules. */
function moduleOf(modulesDir: string, path: string): string | undefined {
  const inside = relative(modulesDir, path);
  return inside.startsWith('..') ? undefined : inside.split(sep)[0];
}

/** For each edge 'from→to', the files of `from` that import `to` (repository-relative). */
export const edgeFiles = new Map<string, Set<string>>();

export function moduleGraph(root = repositoryRoot): Map<string, Set<string>> {
  const modulesDir = join(root, MODULES);
  const graph = new Map<string, Set<string>>();
  edgeFiles.clear();
  for (const file of sourceFiles(modulesDir)) {
    const from = moduleOf(modulesDir, file) as string;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)) {
      const to = moduleOf(modulesDir, resolve(dirname(file), match[1] as string));
      if (!to || to === from) continue;
      edges.add(to);
      const key = `${from}→${to}`;
      edgeFiles.set(key, (edgeFiles.get(key) ?? new Set()).add(relative(root, file)));
    }
  }
  return graph;
}

/** Strongly connected components with more than one module (Tarjan): each is a set of modules in a cycle. */
export function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indexOf.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, indexOf.get(next) as number));
      }
    }
    if (low.get(node) === indexOf.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indexOf.has(node)) visit(node);
  return found;
}

/** The direct two-way pairs (a imports b and b imports a): the shortest cycles, the first to untangle. */
export function mutualPairs(graph: Map<string, Set<string>>): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [from, edges] of graph) {
    for (const to of edges) if (from < to && graph.get(to)?.has(from)) pairs.push([from, to]);
  }
  return pairs.sort();
}

/**
 * Edges the layer rule lets through for now, each named with why and what removes it. Temporary (issue 28):
 * empty is the goal. An entry that no longer closes a cycle is reported as stale, to be deleted.
 */
export const KNOWN_EDGES: Readonly<Record<string, string>> = {};

export interface LayerProblem {
  kind: 'cycle' | 'stale allowance';
  detail: string;
}

/**
 * The layer rule: with the known edges set aside, no module reaches itself through imports. Each cycle is named
 * with its modules and the files behind its edges; a known edge that closes no cycle any more is a problem too.
 */
export function checkLayers(
  graph: Map<string, Set<string>>,
  known: Readonly<Record<string, string>> = KNOWN_EDGES,
  files: Map<string, Set<string>> = edgeFiles,
): LayerProblem[] {
  const problems: LayerProblem[] = [];
  const kept = withoutKnown(graph, known);
  for (const component of cycles(kept)) {
    const members = new Set(component);
    const inside = component.flatMap((from) =>
      [...(kept.get(from) ?? [])]
        .filter((to) => members.has(to))
        .sort()
        .map((to) => `    ${from}→${to}: ${[...(files.get(`${from}→${to}`) ?? [])].join(', ')}`),
    );
    problems.push({ kind: 'cycle', detail: [component.join(', '), ...inside].join('\n') });
  }
  const components = cycles(graph).map((component) => new Set(component));
  for (const edge of Object.keys(known)) {
    const [from, to] = edge.split('→') as [string, string];
    const closesCycle = graph.get(from)?.has(to) && components.some((c) => c.has(from) && c.has(to));
    if (!closesCycle)
      problems.push({ kind: 'stale allowance', detail: `${edge} (delete it from KNOWN_EDGES)` });
  }
  return problems;
}

/** The graph without the known edges: what the layer rule sees. */
export function withoutKnown(
  graph: Map<string, Set<string>>,
  known: Readonly<Record<string, string>> = KNOWN_EDGES,
): Map<string, Set<string>> {
  return new Map(
    [...graph].map(([from, edges]) => [
      from,
      new Set([...edges].filter((to) => !(`${from}→${to}` in known))),
    ]),
  );
}

/** Modules by layer: those that import no other module first, then each above everything it imports. */
export function layers(graph: Map<string, Set<string>>): string[][] {
  const placed = new Map<string, number>();
  const levelOf = (node: string, seen: Set<string>): number => {
    const known = placed.get(node);
    if (known !== undefined) return known;
    if (seen.has(node)) return 0;
    seen.add(node);
    const below = [...(graph.get(node) ?? [])].map((to) => levelOf(to, seen) + 1);
    const level = Math.max(0, ...below);
    placed.set(node, level);
    return level;
  };
  for (const node of [...graph.keys()].sort()) levelOf(node, new Set());
  const result: string[][] = [];
  for (const [node, level] of placed) {
    result[level] = [...(result[level] ?? []), node];
  }
  return result.map((row) => row.sort());
}

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const graph = moduleGraph(argument('--root') ? resolve(argument('--root') as string) : repositoryRoot);
  const names = [...graph.keys()].sort();
  if (process.argv.includes('--check')) {
    const found = checkLayers(graph);
    // A stale allowance is told, not failed: another change removing the edge must not turn the check red.
    for (const stale of found.filter((p) => p.kind === 'stale allowance'))
      console.warn(`module layers: stale allowance: ${stale.detail}`);
    const problems = found.filter((p) => p.kind === 'cycle');
    for (const problem of problems) console.error(`module layers: ${problem.kind}: ${problem.detail}`);
    if (problems.length > 0) {
      console.error(
        'module layers: api modules must form a layered graph with no cycle (docs/architecture.md)',
      );
      process.exit(1);
    }
    const allowed = Object.keys(KNOWN_EDGES);
    const aside = allowed.length ? ` (${allowed.length} known edge(s) set aside: ${allowed.join(', ')})` : '';
    console.log(`module layers: no cycle among ${names.length} modules${aside}`);
  } else if (process.argv.includes('--mermaid')) {
    // Bottom-up, one row per layer; a known edge (KNOWN_EDGES) is dotted.
    console.log('graph BT');
    for (const [level, row] of layers(withoutKnown(graph)).entries()) {
      console.log(`  subgraph layer${level}["layer ${level}"]`);
      console.log(`    ${row.join(' & ')}`.replace(/ & /g, '\n    '));
      console.log('  end');
    }
    for (const from of names)
      for (const to of [...(graph.get(from) ?? [])].sort())
        console.log(`  ${from} ${`${from}→${to}` in KNOWN_EDGES ? '-.->' : '-->'} ${to}`);
  } else {
    for (const from of names)
      console.log(`${from} → ${[...(graph.get(from) ?? [])].sort().join(', ') || '—'}`);
    console.log('\nlayers (a module imports only modules of lower layers; known edges set aside):');
    for (const [level, row] of layers(withoutKnown(graph)).entries())
      console.log(`  ${level}: ${row.join(', ')}`);
    console.log('\nknown edges set aside for now (KNOWN_EDGES):');
    for (const [edge, why] of Object.entries(KNOWN_EDGES)) console.log(`  ${edge}: ${why}`);
    console.log('\ncycles (modules that reach each other):');
    for (const component of cycles(graph)) console.log(`  ${component.join(', ')}`);
    console.log('\ntwo-way imports:');
    for (const [a, b] of mutualPairs(graph)) {
      console.log(`  ${a} ⇄ ${b}`);
      for (const key of [`${a}→${b}`, `${b}→${a}`])
        console.log(`    ${key}: ${[...(edgeFiles.get(key) ?? [])].join(', ')}`);
    }
  }
}
