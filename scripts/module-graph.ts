// Prints the import graph between the API's modules (apps/api/src/modules/<name>) and its cycles, for
// docs/architecture.md. Production files only (tests left out); type-only imports count too, since they tie the
// modules' designs together just the same. Plain Node 24 TypeScript, no dependencies:
// `node scripts/module-graph.ts` (add `--mermaid` for a diagram).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const modulesDir = join(root, 'apps/api/src/modules');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The module a file belongs to ('ledger'), or undefined outside apps/api/src/modules. */
function moduleOf(path: string): string | undefined {
  const inside = relative(modulesDir, path);
  return inside.startsWith('..') ? undefined : inside.split(sep)[0];
}

/** For each edge 'from→to', the files of `from` that import `to` (repository-relative). */
export const edgeFiles = new Map<string, Set<string>>();

export function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(modulesDir)) {
    const from = moduleOf(file) as string;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)) {
      const to = moduleOf(resolve(dirname(file), match[1] as string));
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const graph = moduleGraph();
  const names = [...graph.keys()].sort();
  if (process.argv.includes('--mermaid')) {
    console.log('graph LR');
    for (const from of names)
      for (const to of [...(graph.get(from) ?? [])].sort()) console.log(`  ${from} --> ${to}`);
  } else {
    for (const from of names)
      console.log(`${from} → ${[...(graph.get(from) ?? [])].sort().join(', ') || '—'}`);
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
