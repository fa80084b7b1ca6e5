// Checks the architecture's boundaries (docs/decisions/0013) over the source tree and fails naming each crossing:
// - packages/* never import apps/*; apps/api and apps/web never import each other;
// - a web feature (apps/web/src/features/X) never imports another feature;
// - apps/web/src/lib and apps/web/src/components never import features/ or app/;
// - only apps/api/src/modules/ledger writes the ledger_* tables (Kysely insertInto/updateTable/deleteFrom, or SQL
//   INSERT INTO / UPDATE / DELETE FROM / TRUNCATE), migrations apart;
// - the API's shared layers (config.ts and config/, lib/, db/, http/, realtime/, platform/, backoffice/) never import
//   apps/api/src/modules;
// - inside a module only its transport files (*.routes.ts, index.ts, *-http.ts) import http/: services get values.
// The modules' own layering (no cycle between them) is scripts/module-graph.ts --check.
// Plain Node 24 TypeScript, no dependencies: `node scripts/check-boundaries.ts`.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface SourceFile {
  /** Repository-relative, with forward slashes. */
  path: string;
  text: string;
}

export interface Violation {
  path: string;
  line: number;
  rule: string;
  detail: string;
}

const SOURCE = /\.(ts|tsx|mts|js|mjs|sql)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', '.git', 'coverage']);

/** Which part of the tree a repository path belongs to: 'packages/money', 'apps/api', 'apps/web', or undefined. */
function workspaceOf(path: string): string | undefined {
  const match = /^(packages\/[^/]+|apps\/(?:api|web))\//.exec(path);
  return match?.[1];
}

/** The workspace a bare specifier names ('@aposta/money' → packages/money); the apps are named as apps. */
function workspaceOfPackage(specifier: string): string | undefined {
  const match = /^@aposta\/([^/]+)/.exec(specifier);
  if (!match) return undefined;
  const name = match[1] as string;
  return name === 'api' || name === 'web' ? `apps/${name}` : `packages/${name}`;
}

/** The repository path an import points at: resolved when relative, the workspace's folder for @aposta/x. */
function target(fromPath: string, specifier: string): string | undefined {
  if (specifier.startsWith('.')) {
    return normalize(join(dirname(fromPath), specifier))
      .split(sep)
      .join('/');
  }
  const workspace = workspaceOfPackage(specifier);
  return workspace ? `${workspace}/${specifier.split('/').slice(2).join('/')}` : undefined;
}

const IMPORT_PATTERNS = [
  /\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
];

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

function importsOf(file: SourceFile): { specifier: string; line: number }[] {
  const found: { specifier: string; line: number }[] = [];
  for (const pattern of IMPORT_PATTERNS) {
    for (const match of file.text.matchAll(pattern)) {
      found.push({ specifier: match[1] as string, line: lineAt(file.text, match.index) });
    }
  }
  return found;
}

const WEB = 'apps/web/src/';
const API_MODULES = 'apps/api/src/modules/';
const API_HTTP = 'apps/api/src/http/';
const SHARED_API_LAYERS = [
  ...['config', 'lib', 'db', 'http', 'realtime', 'platform', 'backoffice'].map(
    (layer) => `apps/api/src/${layer}/`,
  ),
  'apps/api/src/config.ts',
  'apps/api/src/config.parse.ts',
];

function featureOf(path: string): string | undefined {
  return path.startsWith(`${WEB}features/`) ? path.slice(WEB.length).split('/')[1] : undefined;
}

function importViolation(from: string, to: string): { rule: string; detail: string } | undefined {
  const fromWorkspace = workspaceOf(from);
  const toWorkspace = workspaceOf(`${to}/`) ?? workspaceOf(to);
  if (fromWorkspace?.startsWith('packages/') && toWorkspace?.startsWith('apps/')) {
    return { rule: 'packages never import apps', detail: to };
  }
  if (
    fromWorkspace?.startsWith('apps/') &&
    toWorkspace?.startsWith('apps/') &&
    fromWorkspace !== toWorkspace
  ) {
    return { rule: 'apps/api and apps/web never import each other', detail: to };
  }
  const fromFeature = featureOf(from);
  const toFeature = featureOf(to);
  if (fromFeature && toFeature && fromFeature !== toFeature) {
    return { rule: 'a web feature never imports another feature', detail: to };
  }
  if (SHARED_API_LAYERS.some((layer) => from.startsWith(layer)) && to.startsWith(API_MODULES)) {
    return { rule: 'api shared layers never import modules', detail: to };
  }
  const fileName = from.split('/').pop() as string;
  const transport = /(\.routes|^index|-http)\.tsx?$/.test(fileName) || /\.test\.tsx?$/.test(fileName);
  if (
    from.startsWith(API_MODULES) &&
    !transport &&
    (to.startsWith(API_HTTP) || to === API_HTTP.slice(0, -1))
  ) {
    return { rule: 'api services never import http/ (only routes, index and *-http files do)', detail: to };
  }
  const fromShared = from.startsWith(`${WEB}lib/`) || from.startsWith(`${WEB}components/`);
  const toUpper = to.startsWith(`${WEB}features/`) || to === `${WEB}features` || to.startsWith(`${WEB}app/`);
  if (fromShared && toUpper) {
    return { rule: 'web lib/ and components/ never import features/ or app/', detail: to };
  }
  return undefined;
}

const LEDGER_MODULE = 'apps/api/src/modules/ledger/';
const MIGRATIONS = 'apps/api/src/db/migrations/';
const LEDGER_WRITES = [
  /\b(insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\s*\(\s*['"`](ledger_\w+)/g,
  /\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM|TRUNCATE(?:\s+TABLE)?|MERGE\s+INTO)\s+(?:ONLY\s+)?"?(ledger_\w+)/gi,
];

function ledgerWrites(file: SourceFile): Violation[] {
  if (!file.path.startsWith('apps/api/src/')) return [];
  if (file.path.startsWith(LEDGER_MODULE) || file.path.startsWith(MIGRATIONS)) return [];
  const found: Violation[] = [];
  for (const pattern of LEDGER_WRITES) {
    for (const match of file.text.matchAll(pattern)) {
      found.push({
        path: file.path,
        line: lineAt(file.text, match.index),
        rule: 'only modules/ledger writes ledger_* tables',
        detail: `${match[1]} ${match[2]}`,
      });
    }
  }
  return found;
}

/** Every boundary crossing in these files. */
export function findViolations(files: SourceFile[]): Violation[] {
  const violations: Violation[] = [];
  for (const file of files) {
    if (!file.path.endsWith('.sql')) {
      for (const { specifier, line } of importsOf(file)) {
        const to = target(file.path, specifier);
        if (to === undefined) continue;
        const crossing = importViolation(file.path, to);
        if (crossing) violations.push({ path: file.path, line, ...crossing });
      }
    }
    violations.push(...ledgerWrites(file));
  }
  return violations;
}

/** The source files of packages/ and apps/, read from disk. */
export function readSourceTree(root: string): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(join(dir, entry.name));
      } else if (SOURCE.test(entry.name)) {
        const full = join(dir, entry.name);
        files.push({ path: relative(root, full).split(sep).join('/'), text: readFileSync(full, 'utf8') });
      }
    }
  };
  for (const top of ['packages', 'apps']) walk(join(root, top));
  return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(import.meta.dirname, '..');
  const violations = findViolations(readSourceTree(root));
  for (const v of violations) console.error(`${v.path}:${v.line}: ${v.rule} (${v.detail})`);
  if (violations.length > 0) {
    console.error(`boundaries: ${violations.length} crossing(s)`);
    process.exit(1);
  }
  console.log('boundaries: clean');
}
