// When a match starts, in the player's language: "Hoje 16:30", "Amanhã 09:00", or "24/11 20:00".

const formats = new Map<string, { time: Intl.DateTimeFormat; date: Intl.DateTimeFormat }>();

function formatsFor(intlTag: string) {
  let entry = formats.get(intlTag);
  if (!entry) {
    entry = {
      time: new Intl.DateTimeFormat(intlTag, { hour: '2-digit', minute: '2-digit' }),
      date: new Intl.DateTimeFormat(intlTag, { day: '2-digit', month: '2-digit' }),
    };
    formats.set(intlTag, entry);
  }
  return entry;
}

function dayNumber(time: number): number {
  const date = new Date(time);
  return Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / 86_400_000;
}

export type KickoffText = { day: 'today' | 'tomorrow'; time: string } | { day: 'date'; time: string };

export function kickoffText(startTime: number, now: number, intlTag: string): KickoffText {
  const { time, date } = formatsFor(intlTag);
  if (!Number.isFinite(startTime)) return { day: 'date', time: '-' };
  const days = dayNumber(startTime) - dayNumber(now);
  const clock = time.format(startTime);
  if (days === 0) return { day: 'today', time: clock };
  if (days === 1) return { day: 'tomorrow', time: clock };
  return { day: 'date', time: `${date.format(startTime)} ${clock}` };
}
