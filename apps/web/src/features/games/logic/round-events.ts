import type { RoundPhase } from './countdown';

// The socket's round-game payloads, read defensively: anything malformed is ignored, never trusted.

export interface DoubleRoundEvent {
  game: 'double';
  roundId: number;
  phase: RoundPhase;
  endsAt: number;
  roll: number | undefined;
}

export interface LuckyRoundEvent {
  game: 'luckyColor';
  period: number;
  issue: string;
  phase: RoundPhase;
  endsAt: number;
  number: number | undefined;
}

export interface RoundBetEvent {
  game: 'double' | 'luckyColor';
  /** Double's round id or lucky color's issue, as text. */
  round: string;
  player: string;
  amount: number;
  pick: string;
}

const phases: readonly RoundPhase[] = ['betting', 'rolling', 'complete'];

function record(payload: unknown): Record<string, unknown> | undefined {
  return typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : undefined;
}

const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const isDigit = (value: unknown, max: number): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) <= max;

function common(data: Record<string, unknown>): { phase: RoundPhase; endsAt: number } | undefined {
  const phase = data.phase as RoundPhase;
  if (!phases.includes(phase) || !isFiniteNumber(data.endsAt)) return undefined;
  return { phase, endsAt: data.endsAt };
}

export function readDoubleRoundEvent(payload: unknown): DoubleRoundEvent | undefined {
  const data = record(payload);
  if (data?.game !== 'double' || !Number.isInteger(data.roundId)) return undefined;
  const shared = common(data);
  if (!shared) return undefined;
  return {
    game: 'double',
    roundId: data.roundId as number,
    ...shared,
    roll: isDigit(data.roll, 14) ? data.roll : undefined,
  };
}

export function readLuckyRoundEvent(payload: unknown): LuckyRoundEvent | undefined {
  const data = record(payload);
  if (data?.game !== 'luckyColor' || typeof data.issue !== 'string' || !Number.isInteger(data.period))
    return undefined;
  const shared = common(data);
  if (!shared) return undefined;
  return {
    game: 'luckyColor',
    period: data.period as number,
    issue: data.issue,
    ...shared,
    number: isDigit(data.number, 9) ? data.number : undefined,
  };
}

export function readRoundBetEvent(payload: unknown): RoundBetEvent | undefined {
  const data = record(payload);
  if (!data || (data.game !== 'double' && data.game !== 'luckyColor')) return undefined;
  if (typeof data.round !== 'string' && typeof data.round !== 'number') return undefined;
  if (!isFiniteNumber(data.amount)) return undefined;
  return {
    game: data.game,
    round: String(data.round),
    player: typeof data.player === 'string' ? data.player.slice(0, 32) : '',
    amount: data.amount,
    pick: String(data.pick ?? '').slice(0, 8),
  };
}
