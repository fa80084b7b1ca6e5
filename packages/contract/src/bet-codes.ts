import { type Static, Type } from 'typebox';

/**
 * spec.md section 3's code sets for bets, and how our own states map onto them (docs/decisions/0032, the
 * table in docs/bet-codes.md). The spec has two vocabularies: the bet result (the sportsbook's 0/10/11/20/21/90
 * plus the games' 1000/−1/−10/−11) and a second order status (0/−1/4/9999/8888). Our tables keep their own
 * words (game_bets.status, slot_rounds.status, sports results); the server adds the spec's codes to what it
 * answers with these functions, so every screen and client reads one mapping.
 */

/** The bet result codes, named as the spec describes them. */
export const specBetResult = {
  /** 0: to be drawn (participating) — the sportsbook's open bet. */
  open: 0,
  win: 10,
  loseHalf: 11,
  lose: 20,
  winHalf: 21,
  /** 90: the principal returned (void, push). */
  refund: 90,
  /** 1000: bet success — the code of an accepted placement. */
  placed: 1000,
  /** −1: lottery (draw) exception — the round failed and was undone by its provider. */
  drawException: -1,
  /** −10: betting — an in-house game or slot bet whose round is still running. */
  betting: -10,
  /** −11: lost — an in-house game or slot bet settled with nothing back. */
  lost: -11,
} as const;
export type SpecBetResultCode = (typeof specBetResult)[keyof typeof specBetResult];

/** The second order-status vocabulary. */
export const specOrderStatus = {
  /** 0: pending — waiting for its draw (round running, match not settled). */
  pending: 0,
  /** −1: abnormal draw — the draw failed and the stake was returned. */
  abnormalDraw: -1,
  /** 4: bet lost. */
  lost: 4,
  /** 9999: drawn — settled with something paid (win, half, push). */
  drawn: 9999,
  /** 8888: not drawn — closed without a draw (the event was cancelled or postponed: stake returned). */
  notDrawn: 8888,
} as const;
export type SpecOrderStatusCode = (typeof specOrderStatus)[keyof typeof specOrderStatus];

/** The two codes every bet record answers with, beside its own fields. */
export const SpecBetCodes = Type.Object({
  /** spec.md section 3's bet result (see specBetResult). */
  resultCode: Type.Integer(),
  /** spec.md section 3's second order status (see specOrderStatus). */
  orderStatus: Type.Integer(),
});
export type SpecBetCodes = Static<typeof SpecBetCodes>;

/** An in-house game bet (game_bets): `open` while its round or mines game runs, then `settled`. */
export function gameBetCodes(bet: { readonly status: string; readonly payoutCents: bigint }): SpecBetCodes {
  if (bet.status !== 'settled') {
    return { resultCode: specBetResult.betting, orderStatus: specOrderStatus.pending };
  }
  return bet.payoutCents > 0n
    ? { resultCode: specBetResult.win, orderStatus: specOrderStatus.drawn }
    : { resultCode: specBetResult.lost, orderStatus: specOrderStatus.lost };
}

/** A slot round (slot_rounds): `open`, `closed` (settled) or `rolled_back` by its provider (stakes returned). */
export function slotRoundCodes(round: { readonly status: string; readonly winCents: bigint }): SpecBetCodes {
  if (round.status === 'rolled_back') {
    return { resultCode: specBetResult.drawException, orderStatus: specOrderStatus.abnormalDraw };
  }
  if (round.status !== 'closed') {
    return { resultCode: specBetResult.betting, orderStatus: specOrderStatus.pending };
  }
  return round.winCents > 0n
    ? { resultCode: specBetResult.win, orderStatus: specOrderStatus.drawn }
    : { resultCode: specBetResult.lost, orderStatus: specOrderStatus.lost };
}

/**
 * A sports bet or leg: its stored result already is the spec's first vocabulary (0/10/11/20/21/90); this gives
 * the second. `voided` says a refund (90) came from a match that was not played (period −10 cancelled or −14
 * postponed): not drawn (8888); a refund from a push was drawn (9999).
 */
export function sportsBetOrderStatus(result: number, voided = false): SpecOrderStatusCode {
  switch (result) {
    case specBetResult.open:
      return specOrderStatus.pending;
    case specBetResult.lose:
      return specOrderStatus.lost;
    case specBetResult.refund:
      return voided ? specOrderStatus.notDrawn : specOrderStatus.drawn;
    default:
      // 10 win, 21 win half, 11 lose half: drawn, something paid.
      return specOrderStatus.drawn;
  }
}

/** A sports bet's both codes (its `result` stays the stored code; `resultCode` equals it). */
export function sportsBetCodes(result: number, voided = false): SpecBetCodes {
  return { resultCode: result, orderStatus: sportsBetOrderStatus(result, voided) };
}
