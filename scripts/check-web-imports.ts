// Checks that the web app takes only types from the API contract. packages/contract holds TypeBox schemas;
// a value import of it (or of typebox itself) would ship TypeBox's runtime in the player's bundle, so
// every import or re-export of them in apps/web/src must be type-only: `import type { … } from
// '@aposta/contract'` or `export type { … } from '@aposta/contract'`. Inline `import { type X }` is refused
// too: it leaves an `import {} from '@aposta/contract'` in the output, which still loads the module.
// Plain Node 24 TypeScript, no dependencies: `node scripts/check-web-imports.ts`.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

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

function problemsIn(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const where = (index: number) => `${relative(root, file)}:${lineOf(text, index)}`;
  const problems: string[] = [];
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

function main(): number {
  const files = sourceFiles(webSource);
  const problems = files.flatMap(problemsIn);
  if (problems.length > 0) {
    console.error(`check-web-imports: ${problems.length} import(s) would bundle TypeBox into the web app`);
    for (const problem of problems) console.error(`  ${problem}`);
    return 1;
  }
  const users = files.filter((file) => readFileSync(file, 'utf8').includes('@aposta/contract')).length;
  console.log(`check-web-imports: ${users} web files take only types from @aposta/contract`);
  return 0;
}

process.exitCode = main();
