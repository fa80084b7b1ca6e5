/** Pure rules of invitations: the commission's day, masking an invitee's name. */

export const COMMISSION_ZONE = 'America/Sao_Paulo';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: COMMISSION_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The America/Sao_Paulo calendar day (YYYY-MM-DD) of an instant: the day a stake counts for. */
export function saoPauloDay(at: Date): string {
  return dayFormat.format(at);
}

/** The day before a YYYY-MM-DD day. */
export function dayBefore(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/** The day the daily job settles at an instant: the previous America/Sao_Paulo day. */
export function dayToSettle(now: Date): string {
  return dayBefore(saoPauloDay(now));
}

export const isDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/**
 * An invitee's e-mail as their inviter sees it: the first two characters of each part, the rest starred
 * ("jo***@gm***.com"), so friends are recognisable but their address is not disclosed.
 */
export function maskUsername(username: string): string {
  const at = username.lastIndexOf('@');
  const local = at >= 0 ? username.slice(0, at) : username;
  const keep = (part: string) => `${part.slice(0, Math.min(2, Math.max(1, part.length - 1)))}***`;
  if (at < 0) return keep(local);
  const domain = username.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${keep(local)}@${keep(host)}${tld}`;
}
