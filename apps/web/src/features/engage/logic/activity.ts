// Activity helpers (api-contract.md section 13). Pure, unit tested.

/** The id of /active{id}: a positive integer, else undefined (the page says "not found" without a call). */
export function parseActivityId(raw: string | undefined): number | undefined {
  if (!raw || !/^[1-9][0-9]{0,9}$/.test(raw)) return undefined;
  return Number(raw);
}

/** Milliseconds until the end, or undefined once it has passed. */
export function remainingMs(endsAt: number, now: number): number | undefined {
  if (!Number.isFinite(endsAt) || endsAt <= now) return undefined;
  return endsAt - now;
}

export interface StakeProgress {
  fraction: number;
  staked: number;
  target: number;
  reward: number;
  reached: boolean;
}

/** The player's progress towards an activity's stake target; undefined when the activity counts nothing. */
export function activityProgress(
  progress: { staked: number; target: number; reward: number; reached: boolean } | null | undefined,
): StakeProgress | undefined {
  if (!progress || !Number.isFinite(progress.staked) || !Number.isFinite(progress.target)) return undefined;
  const fraction = progress.reached
    ? 1
    : progress.target > 0
      ? Math.min(1, Math.max(0, progress.staked / progress.target))
      : 0;
  return { ...progress, fraction };
}

/** hh:mm:ss for the last day of an activity. */
export function formatHms(remaining: number): string {
  const totalSeconds = Math.max(0, Math.ceil(remaining / 1000));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(totalSeconds / 3600))}:${pad(Math.floor((totalSeconds % 3600) / 60))}:${pad(totalSeconds % 60)}`;
}
