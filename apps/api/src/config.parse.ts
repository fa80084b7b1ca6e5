/** The pieces every part of the configuration parses with (config.ts and the modules' own sections). */
export class ConfigError extends Error {}

export type Env = Record<string, string | undefined>;

export function parseNumber(
  name: string,
  raw: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a number in ${min}..${max}, got "${raw}"`);
  }
  return value;
}

export const parseInteger = (
  name: string,
  raw: string | undefined,
  fallback: number,
  min: number,
  max: number,
) => Math.floor(parseNumber(name, raw, fallback, min, max));

export function parseLimit(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 100_000)
    throw new ConfigError(`${name} must be 1..100000`);
  return value;
}

export function parseFlag(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be 1 or 0, got "${raw}"`);
}
