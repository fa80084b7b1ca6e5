import type { SharedSelectionStatus, SlipAnswer, SlipCreateBody, SlipCreated } from '@aposta/contract';
import { oddsDecimalFromMilli } from '@aposta/sports';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../lib/domain-error.ts';
import { lineOf } from './present.ts';
import { newSlipCode, readSlipCode } from './slips.code.ts';
import {
  findSharedSelections,
  findSlipSelectionIds,
  insertSlip,
  ownBetSelections,
  type SharedSelectionRow,
} from './slips.repository.ts';

/**
 * Shared slips (api-contract section 19, decision 0064). A code keeps selection ids only: whoever opens it sees
 * the selections at the odds and status of now, never the sharer's stake, payout or result. A bet is shared only
 * by its owner; someone else's bet is a 404 like an unknown one (its existence is not confirmed).
 */
export async function createSlip(
  ctx: AppContext,
  playerId: bigint,
  body: SlipCreateBody,
): Promise<SlipCreated> {
  const betId = 'betId' in body ? BigInt(body.betId) : null;
  const wanted =
    'betId' in body
      ? await ownBetSelections(ctx.db, playerId, BigInt(body.betId))
      : [...new Set(body.selections.map((pick) => BigInt(pick.selectionId)))];
  if (wanted.length === 0) throw notFound();
  const found = await findSharedSelections(ctx.db, wanted);
  if (found.length !== wanted.length) throw notFound();
  // 31^8 codes: a clash is a one-in-billions event; a few draws make it impossible in practice.
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = newSlipCode();
    if (await insertSlip(ctx.db, { code, playerId, betId, selectionIds: wanted })) {
      return { code, url: slipUrl(ctx.config.publicUrl, code) };
    }
  }
  throw new Error('no free slip code after 5 draws');
}

export const slipUrl = (publicUrl: string, code: string) =>
  `${publicUrl.replace(/\/+$/, '')}/sports/slip/${code}`;

/** What a selection can be now: open, suspended for a while, or over (its market closed, its match ended). */
export function sharedStatus(row: Pick<SharedSelectionRow, 'market_status' | 'match_period'>) {
  if (row.market_status === 'closed' || row.match_period < 0)
    return 'settled' satisfies SharedSelectionStatus;
  return row.market_status;
}

export async function readSlip(ctx: AppContext, codeText: string): Promise<SlipAnswer> {
  const code = readSlipCode(codeText);
  const ids = code === undefined ? undefined : await findSlipSelectionIds(ctx.db, code);
  if (!ids) throw notFound();
  const rows = await findSharedSelections(ctx.db, ids);
  return {
    selections: rows.map((row) => ({
      selectionId: Number(row.selection_id),
      matchId: Number(row.match_id),
      marketId: Number(row.market_id),
      sport: row.sport,
      home: row.home,
      away: row.away,
      type: row.type,
      period: row.period,
      line: lineOf(row.line_quarters),
      outcome: row.outcome,
      odds: oddsDecimalFromMilli(row.odds_milli),
      status: sharedStatus(row),
      matchPeriod: row.match_period,
    })),
  };
}
