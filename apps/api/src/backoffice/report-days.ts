import { invalidInput } from '../lib/domain-error.ts';

/** The back office's reports count days in Brasília's zone (admin's reports, engagement's figures). */
export const REPORT_TIME_ZONE = 'America/Sao_Paulo';
export const MAX_REPORT_DAYS = 366;

/** The days from..to (YYYY-MM-DD, inclusive), at most 366 of them; anything else is a 400. */
export function reportDays(from: string, to: string): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  const valid = (text: string, time: number) =>
    Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === text;
  if (!valid(from, start) || !valid(to, end) || end < start) throw invalidInput('admin.report_range');
  const count = (end - start) / 86_400_000 + 1;
  if (count > MAX_REPORT_DAYS) throw invalidInput('admin.report_range');
  return Array.from({ length: count }, (_, index) =>
    new Date(start + index * 86_400_000).toISOString().slice(0, 10),
  );
}
