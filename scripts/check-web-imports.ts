// Checks that the web app takes only types from the API contract. packages/contract holds TypeBox schemas;
// a value import of it (or of typebox itself) would ship TypeBox's runtime in the player's bundle, so
// every import or re-export of them in apps/web/src must be type-only: `import type { … } from
// '@aposta/contract'` or `export type { … } from '@aposta/contract'`. Inline `import { type X }` is refused
// too: it leaves an `import {} from '@aposta/contract'` in the output, which still loads the module.
//
// Two more rules keep issue 28's web work from eroding:
// - no raw `<button` outside the ui layer (apps/web/src/components/ui): the shared Button gives every control the
//   default type, the 44 px touch target and the busy state money actions need;
// - no untyped call (`http.get`, `http.post`, `http.request`, `http.requestEnvelope`) outside the HTTP client and
//   lib/player-api.ts: calls go through `playerApi('METHOD /path', …)`, typed by packages/contract/src/player-api.ts.
// Plain Node 24 TypeScript, no dependencies: `node scripts/check-web-imports.ts`.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(import.meta.dirname, '..');
const webSource = join(root, 'apps', 'web', 'src');
const schemaModule = `(?:@aposta/contract|typebox|[./]*packages/contract)(?:/[^'"]*)?`;

/** Static imports and re-exports of a schema module: `import … from '…'`, `export … from '…'`, `import '…'`. */
const staticForm = new RegExp(
  String.raw`\b(import|export)\s+([^;'"]*?)\s*from\s*['"]${schemaModule}['"]`,
  'g',
);
const sideEffectForm = new RegExp(String.raw`\bimport\s*['"]${schemaModule}['"]`, 'g');
const dynamicForm = new RegExp(String.raw`\bimport\s*\(\s*['"]${schemaModule}['"]`, 'g');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts|js|jsx|mjs)$/.test(entry.name) ? [path] : [];
  });
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

const rawButton = /<button[\s>/]/g;
const untypedCall = /\bhttp\.(?:get|post|request|requestEnvelope)\s*[<(]/g;
const uiLayer = 'apps/web/src/components/ui/';
/** The client itself and the one typed entry point over it. */
const httpClientFiles = new Set([
  'apps/web/src/lib/http.ts',
  'apps/web/src/lib/http-client.ts',
  'apps/web/src/lib/player-api.ts',
]);

/** The problems of one web source file, `path` relative to the repository root (`apps/web/src/…`). */
export function problemsIn(path: string, text: string): string[] {
  const where = (index: number) => `${path}:${lineOf(text, index)}`;
  const problems: string[] = [];
  if (!path.startsWith(uiLayer)) {
    for (const match of text.matchAll(rawButton)) {
      problems.push(`${where(match.index)}: raw <button> outside the ui layer: use components/ui/Button`);
    }
  }
  if (!httpClientFiles.has(path) && !/\.test\.tsx?$/.test(path)) {
    for (const match of text.matchAll(untypedCall)) {
      problems.push(`${where(match.index)}: untyped call ${match[0]}: use playerApi from lib/player-api`);
    }
  }
  for (const match of text.matchAll(staticForm)) {
    const clause = match[2] ?? '';
    if (!/^type\b/.test(clause)) {
      problems.push(`${where(match.index)}: ${match[1]} of the contract is not type-only: ${match[0]}`);
    }
  }
  for (const match of text.matchAll(sideEffectForm)) {
    problems.push(`${where(match.index)}: side-effect import of the contract: ${match[0]}`);
  }
  for (const match of text.matchAll(dynamicForm)) {
    problems.push(`${where(match.index)}: dynamic import of the contract: ${match[0]}`);
  }
  return problems;
}

/** Every problem in apps/web/src. */
export function problemsInWebSource(): string[] {
  return sourceFiles(webSource).flatMap((file) =>
    problemsIn(relative(root, file), readFileSync(file, 'utf8')),
  );
}

function main(): number {
  const files = sourceFiles(webSource);
  const problems = problemsInWebSource();
  if (problems.length > 0) {
    console.error(`check-web-imports: ${problems.length} problem(s) in the web app's sources`);
    for (const problem of problems) console.error(`  ${problem}`);
    return 1;
  }
  const users = files.filter((file) => readFileSync(file, 'utf8').includes('@aposta/contract')).length;
  console.log(
    `check-web-imports: ${users} web files take only types from @aposta/contract; no raw <button> outside the ui layer; every call typed`,
  );
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = main();
