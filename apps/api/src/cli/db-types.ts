import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { type DatabaseHandle, openPglite } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { preparePgliteTemplate } from './prepare-pglite.ts';

/**
 * The database's table types, generated from the migrated schema (decision 0036): the embedded PGlite is migrated
 * in memory and its catalogue read, so neither a developer nor CI needs a PostgreSQL server for it.
 *
 *   npm run db:types            writes apps/api/src/db/schema.generated.ts
 *   npm run db:types -- --check fails when the checked-in file differs (a migration without regenerated types)
 *
 * The TypeScript types follow what the drivers return (db/connection.ts): int8 as bigint, numeric as text,
 * date and timestamptz as Date, jsonb parsed (written as JSON text). A text column whose CHECK lists its values
 * becomes the union of those values. What SQL cannot say is in NARROWED below, each entry checked to exist.
 */

export const GENERATED_FILE = path.join(import.meta.dirname, '..', 'db', 'schema.generated.ts');
export const REGENERATE = 'npm run db:types';

/** Columns typed narrower than SQL says: the select type (without null; nullability still comes from SQL). */
const NARROWED: Record<string, string> = {
  // The identity provider's answer (modules/rg): an object or nothing.
  'users.kyc_check': 'Record<string, unknown>',
  'game_bets.detail': 'Record<string, unknown>',
  'chat_conversations.context': 'Record<string, unknown>',
  // The ledger's chart of accounts (docs/ledger.md); its migrations name no CHECK for it.
  'ledger_accounts.kind': [
    'player_cash',
    'player_bonus',
    'player_withdrawal_hold',
    'player_commission',
    'house_provider_clearing',
    'house_payouts',
    'house_game',
    'house_sportsbook',
    'house_bonus_cost',
    'house_fees',
    'house_transfers',
    'house_demo',
    'house_adjustments',
    'house_slots',
    'house_commission',
    'house_tax_liability',
    'house_unclaimed',
    'house_prizes',
  ]
    .map((kind) => `'${kind}'`)
    .join(' | '),
};

/** Text columns whose CHECK list stays in SQL only: the code carries them as text it has validated itself. */
const AS_TEXT = new Set(['price_packages.curreny', 'sports_markets.type']);

/** Views, typed as the table they expose: PostgreSQL reports every view column as nullable. */
const VIEWS_LIKE: Record<string, string> = { ledger_balances: 'ledger_accounts' };

interface ColumnRow {
  table: string;
  kind: string;
  column: string;
  type: string;
  notnull: boolean;
  hasDefault: boolean;
  identity: string;
  generated: string;
}

interface Column {
  name: string;
  select: string;
  insert: string;
  nullable: boolean;
  optional: boolean;
  readonly: boolean;
}

const SCALARS: Record<string, { select: string; insert?: string }> = {
  bigint: { select: 'bigint' },
  integer: { select: 'number' },
  smallint: { select: 'number' },
  boolean: { select: 'boolean' },
  text: { select: 'string' },
  bytea: { select: 'Buffer' },
  numeric: { select: 'string' },
  date: { select: 'Date', insert: 'Date | string' },
  'timestamp with time zone': { select: 'Date', insert: 'Date | string' },
  jsonb: { select: 'unknown', insert: 'string' },
};

function scalar(type: string, where: string): { select: string; insert: string } {
  const array = type.endsWith('[]');
  const base = type.replace(/\[\]$/, '').replace(/\(.*\)$/, '');
  const found = SCALARS[base];
  if (!found) throw new Error(`db-types: no TypeScript type for ${type} (${where}); add it to SCALARS`);
  if (array) return { select: `${found.select}[]`, insert: `${found.select}[]` };
  return { select: found.select, insert: found.insert ?? found.select };
}

/** `CHECK ((col = ANY (ARRAY['a'::text, 'b'::text])))`, optionally `OR col IS NULL`: the listed values. */
function checkedValues(definition: string): { column: string; values: string[] } | undefined {
  const match =
    /^CHECK \(\(+(\w+) = ANY \(ARRAY\[((?:'(?:[^']|'')*'::text(?:, )?)+)\]\)\)(?: OR \(\1 IS NULL\)\))?\)$/.exec(
      definition,
    );
  if (!match?.[1] || !match[2]) return undefined;
  const values = [...match[2].matchAll(/'((?:[^']|'')*)'::text/g)].map((value) =>
    (value[1] ?? '').replaceAll("''", "'"),
  );
  return { column: match[1], values };
}

function pascal(name: string): string {
  return name.replace(/(^|_)([a-z0-9])/g, (_, __, letter: string) => letter.toUpperCase());
}

function columnType(column: Column): string {
  const nul = column.nullable ? ' | null' : '';
  const select = column.select === 'unknown' ? 'unknown' : `${column.select}${nul}`;
  if (column.readonly) return `ColumnType<${select}, never, never>`;
  const insert = `${column.insert}${nul}`;
  if (insert === select) return column.optional ? `Generated<${select}>` : select;
  return `ColumnType<${select}, ${insert}${column.optional ? ' | undefined' : ''}, ${insert}>`;
}

/** Reads the migrated database's catalogue and returns the TypeScript source of its table types. */
export async function generateDbTypes(database: DatabaseHandle): Promise<string> {
  const columns = await sql<ColumnRow>`
    SELECT c.relname AS table, c.relkind AS kind, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type,
      a.attnotnull AS notnull, a.atthasdef AS "hasDefault", a.attidentity AS identity, a.attgenerated AS generated
    FROM pg_attribute a
    JOIN pg_class c ON c.oid = a.attrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'v', 'p') AND a.attnum > 0 AND NOT a.attisdropped
      AND c.relname <> 'schema_migrations'
    ORDER BY c.relname, a.attnum`.execute(database.db);
  const checks = await sql<{ table: string; definition: string }>`
    SELECT c.relname AS table, pg_get_constraintdef(con.oid) AS definition
    FROM pg_constraint con
    JOIN pg_class c ON c.oid = con.conrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND con.contype = 'c'
    ORDER BY c.relname, con.conname`.execute(database.db);

  const unions = new Map<string, string>();
  for (const check of checks.rows) {
    const found = checkedValues(check.definition);
    if (found) unions.set(`${check.table}.${found.column}`, found.values.map((v) => `'${v}'`).join(' | '));
  }

  const tables = new Map<string, Column[]>();
  for (const row of columns.rows) {
    const key = `${row.table}.${row.column}`;
    const base = scalar(row.type, key);
    const narrowed = NARROWED[key] ?? (AS_TEXT.has(key) ? undefined : unions.get(key));
    const list = tables.get(row.table) ?? [];
    list.push({
      name: row.column,
      select: narrowed ?? base.select,
      insert: narrowed && base.insert === base.select ? narrowed : base.insert,
      nullable: !row.notnull,
      optional: row.hasDefault || row.identity !== '',
      readonly: row.generated !== '' || row.kind === 'v',
    });
    tables.set(row.table, list);
  }
  for (const [view, table] of Object.entries(VIEWS_LIKE)) {
    const viewColumns = tables.get(view);
    const tableColumns = tables.get(table);
    if (!viewColumns || !tableColumns)
      throw new Error(`db-types: VIEWS_LIKE names ${view} -> ${table}, not found`);
    tables.set(
      view,
      viewColumns.map((column) => {
        const like = tableColumns.find((c) => c.name === column.name);
        return like ? { ...like, optional: false, readonly: true } : column;
      }),
    );
  }
  for (const key of [...Object.keys(NARROWED), ...AS_TEXT]) {
    const [table, column] = key.split('.');
    if (!tables.get(table ?? '')?.some((c) => c.name === column)) {
      throw new Error(`db-types: ${key} is named in db-types.ts but the schema does not have it`);
    }
  }

  const lines = [
    `// Generated by \`${REGENERATE}\` (apps/api/src/cli/db-types.ts) from the migrated schema. Do not edit:`,
    '// change a migration, then regenerate. `npm run check` fails when this file is stale.',
    '',
    "import type { ColumnType, Generated } from 'kysely';",
    '',
  ];
  const names = [...tables.keys()].sort();
  for (const table of names) {
    lines.push(`export interface ${pascal(table)}Table {`);
    for (const column of tables.get(table) ?? []) lines.push(`  ${column.name}: ${columnType(column)};`);
    lines.push('}', '');
  }
  lines.push('export interface DB {');
  for (const table of names) lines.push(`  ${table}: ${pascal(table)}Table;`);
  lines.push('}', '');
  return format(lines.join('\n'));
}

/** Biome's formatting, so that the generated file passes `biome check` exactly as written. */
function format(source: string): string {
  const root = path.join(import.meta.dirname, '..', '..', '..', '..');
  const biome = path.join(root, 'node_modules', '.bin', 'biome');
  return execFileSync(biome, ['format', `--stdin-file-path=${GENERATED_FILE}`], {
    cwd: root,
    input: source,
    encoding: 'utf8',
  });
}

/** Undefined when `generated` is what is checked in, else the sentence that says what to run. */
export function staleness(generated: string, file = GENERATED_FILE): string | undefined {
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  if (current === generated) return undefined;
  return `${path.relative(process.cwd(), file)} does not match the migrations: run \`${REGENERATE}\` and commit it.`;
}

/** Migrates an in-memory PGlite (from the prepared template when there is one) and generates from it. */
export async function generateFromMigrations(): Promise<string> {
  await preparePgliteTemplate();
  const database = await openPglite(undefined);
  try {
    await migrate(database);
    return await generateDbTypes(database);
  } finally {
    await database.close();
  }
}

if (import.meta.main) {
  const generated = await generateFromMigrations();
  if (process.argv.includes('--check')) {
    const stale = staleness(generated);
    if (stale) {
      console.error(stale);
      process.exit(1);
    }
    console.log('db types: up to date');
  } else {
    fs.writeFileSync(GENERATED_FILE, generated);
    console.log(`db types: wrote ${path.relative(process.cwd(), GENERATED_FILE)}`);
  }
}
