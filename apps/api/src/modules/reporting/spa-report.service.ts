import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../lib/domain-error.ts';
import { dayWindow, SPA_TIME_ZONE } from './brazil-day.ts';
import { spaDatasets } from './spa-datasets.ts';
import { type ManifestFile, SEPARATOR, SPA_LAYOUT, sha256Hex, toCsv, totalsOf } from './spa-layout.ts';

export const MANIFEST_NAME = 'manifest.json';

/** A YYYY-MM-DD text as a date parameter (the column is `date`). */
const asDate = (day: string) => sql<Date>`${day}::date`;

export interface SpaReportSummary {
  referenceDay: string;
  layout: string;
  revision: number;
  generatedAt: number;
  manifestSha256: string;
  files: ManifestFile[];
}

/** Only a licensed operator reports to the SPA; the open profile has nothing to send. */
export const spaReportingEnabled = (ctx: AppContext) => ctx.config.regulatoryProfile === 'br-licensed';

/** The files of a day and their manifest, built from the database as it is now (no clock, no randomness). */
export async function buildSpaReport(ctx: AppContext, day: string) {
  const window = dayWindow(day);
  const datasets = await spaDatasets(ctx.db, window);
  const files = datasets.map((dataset) => {
    const content = toCsv(dataset);
    return { name: dataset.name, content, sha256: sha256Hex(content), rows: dataset.rows.length, dataset };
  });
  const manifest = {
    layout: SPA_LAYOUT,
    referenceDay: day,
    timeZone: SPA_TIME_ZONE,
    windowStartUtc: window.start.toISOString(),
    windowEndUtc: window.end.toISOString(),
    encoding: 'UTF-8',
    separator: SEPARATOR,
    files: files.map(
      (file): ManifestFile => ({
        name: file.name,
        rows: file.rows,
        sha256: file.sha256,
        totals: totalsOf(file.dataset),
      }),
    ),
  };
  const manifestText = `${JSON.stringify(manifest, null, 2)}\n`;
  return { files, manifest, manifestText, manifestSha256: sha256Hex(manifestText) };
}

/**
 * Produces and stores a day's report. Idempotent: a rerun over unchanged data finds the same manifest hash and
 * writes nothing; a rerun over changed data (a late settlement) replaces the files and raises the revision.
 */
export async function produceSpaReport(ctx: AppContext, day: string): Promise<{ changed: boolean }> {
  const built = await buildSpaReport(ctx, day);
  return ctx.db.transaction().execute(async (trx) => {
    const stored = await trx
      .selectFrom('spa_reports')
      .select(['manifest_sha256'])
      .where('reference_day', '=', asDate(day))
      .forUpdate()
      .executeTakeFirst();
    if (stored?.manifest_sha256 === built.manifestSha256) return { changed: false };
    await trx.deleteFrom('spa_report_files').where('reference_day', '=', asDate(day)).execute();
    await trx
      .insertInto('spa_reports')
      .values({
        reference_day: asDate(day),
        layout: SPA_LAYOUT,
        manifest: built.manifestText,
        manifest_sha256: built.manifestSha256,
      })
      .onConflict((oc) =>
        oc.column('reference_day').doUpdateSet({
          manifest: built.manifestText,
          manifest_sha256: built.manifestSha256,
          revision: sql`spa_reports.revision + 1`,
          generated_at: sql`now()`,
        }),
      )
      .execute();
    await trx
      .insertInto('spa_report_files')
      .values(
        built.files.map((file) => ({
          reference_day: asDate(day),
          name: file.name,
          content: file.content,
          sha256: file.sha256,
          row_count: file.rows,
        })),
      )
      .execute();
    return { changed: true };
  });
}

/** The stored reports of a range of days, newest first. */
export async function listSpaReports(ctx: AppContext, from: string, to: string): Promise<SpaReportSummary[]> {
  const rows = await ctx.db
    .selectFrom('spa_reports')
    .select(['layout', 'manifest', 'manifest_sha256', 'revision', 'generated_at'])
    .select(sql<string>`reference_day::text`.as('day'))
    .where('reference_day', '>=', asDate(from))
    .where('reference_day', '<=', asDate(to))
    .orderBy('reference_day', 'desc')
    .execute();
  return rows.map((row) => ({
    referenceDay: row.day,
    layout: row.layout,
    revision: row.revision,
    generatedAt: new Date(row.generated_at).getTime(),
    manifestSha256: row.manifest_sha256,
    files: (JSON.parse(row.manifest) as { files: ManifestFile[] }).files,
  }));
}

/** One stored file (or the manifest) of a day, as it was hashed. */
export async function spaReportFile(ctx: AppContext, day: string, name: string): Promise<string> {
  if (name === MANIFEST_NAME) {
    const report = await ctx.db
      .selectFrom('spa_reports')
      .select('manifest')
      .where('reference_day', '=', asDate(day))
      .executeTakeFirst();
    if (!report) throw notFound();
    return report.manifest;
  }
  const file = await ctx.db
    .selectFrom('spa_report_files')
    .select('content')
    .where('reference_day', '=', asDate(day))
    .where('name', '=', name)
    .executeTakeFirst();
  if (!file) throw notFound();
  return file.content;
}
