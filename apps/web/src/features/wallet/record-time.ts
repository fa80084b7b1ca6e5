// The date and time of a records row, in the player's language; one formatter per language, reused.
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function formatRecordTime(time: number, intlTag: string): string {
  let format = dateFormats.get(intlTag);
  if (!format) {
    format = new Intl.DateTimeFormat(intlTag, { dateStyle: 'short', timeStyle: 'short' });
    dateFormats.set(intlTag, format);
  }
  return Number.isFinite(time) ? format.format(time) : '-';
}
