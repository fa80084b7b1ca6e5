import { createHash } from 'node:crypto';

/**
 * The draft layout `aposta-spa-draft-v1` (decision 0054). The SIGAP manual (SPA/MF, first version August 2024)
 * defines the real files, but its data dictionary was not available to us: this layout carries the same
 * datasets in a form that maps onto it column by column once it is. One CSV per dataset, UTF-8 without BOM,
 * `;` between fields (the decimal comma of Brazilian spreadsheets makes `,` ambiguous there; gov.br open-data
 * layouts use `;`), `\n` line ends, a header line, amounts twice (integer centavos, and reais with a dot).
 */
export const SPA_LAYOUT = 'aposta-spa-draft-v1';
export const SEPARATOR = ';';

export type Cell = string | number | bigint | null;

export interface Dataset {
  name: string;
  columns: readonly string[];
  rows: Cell[][];
  /** Columns (centavos) whose sums the manifest states, so that a reader checks totals without parsing. */
  totals: readonly string[];
}

/** Reais with a dot and two decimals from integer centavos: 123456n → "1234.56", -5n → "-0.05". */
export function reais(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

export function utc(at: Date | null): string {
  return at === null ? '' : new Date(at).toISOString();
}

function cell(value: Cell): string {
  if (value === null) return '';
  const text = String(value);
  return /[;"\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(dataset: Dataset): string {
  const lines = [
    dataset.columns.join(SEPARATOR),
    ...dataset.rows.map((row) => row.map(cell).join(SEPARATOR)),
  ];
  return `${lines.join('\n')}\n`;
}

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export interface ManifestFile {
  name: string;
  rows: number;
  sha256: string;
  totals: Record<string, string>;
}

/** The totals of the named centavos columns, as strings (bigints do not survive JSON). */
export function totalsOf(dataset: Dataset): Record<string, string> {
  const totals: Record<string, string> = {};
  for (const column of dataset.totals) {
    const index = dataset.columns.indexOf(column);
    totals[column] = dataset.rows.reduce((sum, row) => sum + BigInt(row[index] ?? 0), 0n).toString();
  }
  return totals;
}
