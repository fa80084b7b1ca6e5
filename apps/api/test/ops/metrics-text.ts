/** Reads one sample of a Prometheus text exposition: `name{a="b"}` (labels in the order written), or undefined. */
export function sample(text: string, series: string): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const space = line.lastIndexOf(' ');
    if (space > 0 && line.slice(0, space) === series) return Number(line.slice(space + 1));
  }
  return undefined;
}
