import type { VipLevelRow, VipStatus } from '../api/types';

// VIP progress (spec.md section 9, api-contract.md section 13). Pure, unit tested.

/** Level art exists for the levels the table has; spec.md section 9: above 23 the first image is used. */
export const levelArtMax = 23;

export function levelArtIndex(level: number): number {
  if (!Number.isInteger(level) || level < 1 || level > levelArtMax) return 1;
  return level;
}

/** How far `done` is towards `target`, from 0 to 1; a target of 0 or less is already met. */
export function progressFraction(done: number, target: number): number {
  if (!Number.isFinite(done) || !Number.isFinite(target)) return 0;
  if (target <= 0) return 1;
  return Math.min(1, Math.max(0, done / target));
}

export interface Threshold {
  level: number;
  paySumAmount: number;
  gameSumAmount: number;
}

/** The next level's thresholds, from the status or else the table; undefined at the top level. */
export function nextThreshold(status: VipStatus, levels: readonly VipLevelRow[]): Threshold | undefined {
  if (status.next) return status.next;
  if (status.level >= levels.length) return undefined;
  const row = levels.find((entry) => entry.level === status.level + 1);
  return row
    ? { level: row.level, paySumAmount: row.paySumAmount, gameSumAmount: row.gameSumAmount }
    : undefined;
}

export type RewardState = 'claimable' | 'claimed' | 'locked' | 'none';

/** A level's reward as the table shows it: claimable once reached, claimed after, locked before. */
export function rewardState(status: VipStatus | undefined, row: VipLevelRow): RewardState {
  const reward = status?.rewards.find((entry) => entry.level === row.level);
  const amount = reward?.amount ?? row.reward;
  if (!(amount > 0)) return 'none';
  if (reward?.claimed) return 'claimed';
  if (status && status.level >= row.level) return 'claimable';
  return 'locked';
}
