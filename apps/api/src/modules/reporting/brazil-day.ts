/**
 * The SPA counts days in Brasília's zone: a reference day D runs from D 00:00 to D+1 00:00 in America/Sao_Paulo
 * (03:00 UTC since Brazil dropped summer time in 2019; the offset is read from the zone, not assumed).
 */
export const SPA_TIME_ZONE = 'America/Sao_Paulo';

const DAY_MS = 86_400_000;
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: SPA_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const offsetFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: SPA_TIME_ZONE,
  timeZoneName: 'longOffset',
});

/** The calendar day (YYYY-MM-DD) in São Paulo at this instant. */
export function brazilDayOf(at: Date): string {
  return dayFormat.format(at);
}

/** The zone's offset from UTC in minutes at this instant (-180 for GMT-03:00). */
function offsetMinutes(at: Date): number {
  const name = offsetFormat.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** The UTC instant at which a São Paulo day starts. */
function startOf(day: string): Date {
  const naive = Date.parse(`${day}T00:00:00Z`);
  return new Date(naive - offsetMinutes(new Date(naive + 12 * 3_600_000)) * 60_000);
}

/** [start, end) of a reference day in UTC. */
export function dayWindow(day: string): { start: Date; end: Date } {
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  return { start: startOf(day), end: startOf(next) };
}

/** The São Paulo day before the one this instant falls in: what the daily job reports. */
export function previousBrazilDay(at: Date): string {
  const today = brazilDayOf(at);
  return new Date(Date.parse(`${today}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
}

/** Whether the text is a real calendar day written YYYY-MM-DD. */
export function isDay(text: string): boolean {
  const time = Date.parse(`${text}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === text;
}
