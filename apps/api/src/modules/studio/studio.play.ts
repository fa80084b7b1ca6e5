import { randomBytes, randomUUID } from 'node:crypto';
import { type FreeSpinState, findSlotGame, type SlotGame, spin, spinOutcomeToJson } from '@aposta/slots';
import type { SlotProvider } from '../../db/schema.slots.ts';
import type { CallOptions, studioClients, WalletReply } from './studio.clients.ts';

/**
 * The studio's game server: a spin is computed with packages/slots, then settled with the operator's wallet in
 * the provider's own protocol, as PG, BGaming or Evoplay would. It can misbehave on request, so a test or a
 * person can watch the wallet hold: copies of each call, a call out of order, a bet rolled back before its win,
 * a delayed win, unsigned calls.
 */

export const MISBEHAVIOURS = ['duplicate', 'out_of_order', 'rolled_back', 'delayed', 'unsigned'] as const;
export type Misbehaviour = (typeof MISBEHAVIOURS)[number];

export interface StudioSession {
  provider: SlotProvider;
  token: string;
  game: string;
  /** How the provider names the player to the wallet: PG's player_name, BGaming's user_id. */
  playerRef: string;
  freeSpins: FreeSpinState | null;
  /** The round the free spins pay into (the trigger's). */
  freeRoundRef: string | null;
  misbehave: Set<Misbehaviour>;
}

/** What the studio page gets back for a spin, or why not (slots-interface.md). */
export type SpinAnswer =
  | { ok: true; outcome: ReturnType<typeof spinOutcomeToJson>; balance: string }
  | {
      ok: false;
      error: 'insufficient_funds' | 'session_closed' | 'bad_bet' | 'wallet_error';
      message: string;
      balance?: string;
    };

type Clients = ReturnType<typeof studioClients>;

/** A uniform random number in [0, 1) from the system's CSPRNG (48 bits). */
export function secureRandom(): number {
  return randomBytes(6).readUIntBE(0, 6) / 2 ** 48;
}

const INSUFFICIENT: Record<SlotProvider, (reply: WalletReply) => boolean> = {
  PG: (reply) => reply.error === '3202',
  BG: (reply) => reply.error === '100',
  EVO: (reply) => reply.error === 'Not enough money',
};
const SESSION_GONE: Record<SlotProvider, (reply: WalletReply) => boolean> = {
  PG: (reply) => reply.error === '1300' || reply.error === '1302',
  BG: (reply) => reply.error === '101',
  EVO: (reply) => /^(Session|Token)/.test(reply.error ?? ''),
};

export function gameOf(session: StudioSession): SlotGame | undefined {
  const game = findSlotGame(session.game);
  return game?.provider === session.provider ? game : undefined;
}

export async function spinAndSettle(
  clients: Clients,
  session: StudioSession,
  betCents: bigint,
): Promise<SpinAnswer> {
  const game = gameOf(session);
  if (!game) return { ok: false, error: 'bad_bet', message: 'unknown game' };
  const free = session.freeSpins !== null && session.freeSpins.remaining > 0;
  if (!free && (betCents < BigInt(game.minBet) || betCents > BigInt(game.maxBet)))
    return { ok: false, error: 'bad_bet', message: `bet must be ${game.minBet}..${game.maxBet} centavos` };
  const outcome = spin(game, betCents, secureRandom, free ? session.freeSpins : null);
  const roundRef =
    free && session.freeRoundRef ? session.freeRoundRef : `${session.provider.toLowerCase()}-${randomUUID()}`;
  const endRound = outcome.state === null;
  const settled = await settle(clients, session, {
    roundRef,
    stakeCents: free ? 0n : betCents,
    winCents: outcome.win,
    endRound,
    feature: free,
  });
  const reply = settled.reply;
  if (!settled.ok) {
    const balance = reply.balanceCents?.toString();
    if (INSUFFICIENT[session.provider](reply))
      return { ok: false, error: 'insufficient_funds', message: 'not enough balance', balance };
    if (SESSION_GONE[session.provider](reply))
      return { ok: false, error: 'session_closed', message: 'the session is closed', balance };
    return {
      ok: false,
      error: 'wallet_error',
      message: `the wallet refused: ${reply.error ?? reply.status}`,
      balance,
    };
  }
  session.freeSpins = outcome.state;
  session.freeRoundRef = endRound ? null : roundRef;
  return { ok: true, outcome: spinOutcomeToJson(outcome), balance: (reply.balanceCents ?? 0n).toString() };
}

interface Settlement {
  roundRef: string;
  stakeCents: bigint;
  winCents: bigint;
  endRound: boolean;
  feature: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends one call, or (misbehaving) three copies at once: every copy must get the same answer, and the first
 * is the one the studio goes on with.
 */
async function send(session: StudioSession, call: (options: CallOptions) => Promise<WalletReply>) {
  const options = { unsigned: session.misbehave.has('unsigned') };
  if (!session.misbehave.has('duplicate')) return call(options);
  const replies = await Promise.all([call(options), call(options), call(options)]);
  return replies[0]!;
}

async function settle(
  clients: Clients,
  session: StudioSession,
  input: Settlement,
): Promise<{ ok: boolean; reply: WalletReply }> {
  switch (session.provider) {
    case 'PG':
      return settlePg(clients, session, input);
    case 'BG':
      return settleBg(clients, session, input);
    case 'EVO':
      return settleEvo(clients, session, input);
  }
}

async function settlePg(clients: Clients, session: StudioSession, input: Settlement) {
  const transactionId = randomUUID();
  const base = {
    token: session.token,
    playerName: session.playerRef,
    gameId: session.game,
    roundRef: input.roundRef,
    endRound: input.endRound,
    feature: input.feature,
  };
  if (session.misbehave.has('out_of_order')) {
    // A free-spin win for this round before the round's bet: the wallet must refuse it (unknown round).
    await clients.pg.transferInOut({ ...base, transactionId: randomUUID(), betCents: 0n, winCents: 1n });
  }
  if (session.misbehave.has('delayed')) await sleep(1500);
  const reply = await send(session, (options) =>
    clients.pg.transferInOut(
      { ...base, transactionId, betCents: input.stakeCents, winCents: input.winCents },
      options,
    ),
  );
  return { ok: reply.ok, reply };
}

async function settleBg(clients: Clients, session: StudioSession, input: Settlement) {
  const request = {
    sessionId: session.token,
    userId: session.playerRef,
    game: session.game,
    gameId: input.roundRef,
  };
  const betId = randomUUID();
  const rollbackBet = () =>
    clients.bg.call('rollback', {
      ...request,
      finished: true,
      actions: [{ action: 'rollback', action_id: randomUUID(), original_action_id: betId }],
    });
  if (session.misbehave.has('out_of_order')) await rollbackBet();
  const betAction = { action: 'bet' as const, action_id: betId, amount: Number(input.stakeCents) };
  const winAction = { action: 'win' as const, action_id: randomUUID(), amount: Number(input.winCents) };
  const splitCalls =
    session.misbehave.has('rolled_back') ||
    session.misbehave.has('delayed') ||
    session.misbehave.has('out_of_order');
  if (!splitCalls) {
    const actions = [
      ...(input.stakeCents > 0n || !input.feature ? [betAction] : []),
      // A free spin always sends its win, even 0: the spin is then a callback the wallet checks (an open session).
      ...(input.winCents > 0n || input.feature ? [winAction] : []),
    ];
    const reply = await send(session, (options) =>
      clients.bg.call('play', { ...request, finished: input.endRound, actions }, options),
    );
    return { ok: reply.ok, reply };
  }
  let reply = await send(session, (options) =>
    clients.bg.call(
      'play',
      { ...request, finished: false, actions: input.feature ? [] : [betAction] },
      options,
    ),
  );
  if (!reply.ok) return { ok: false, reply };
  if (session.misbehave.has('rolled_back')) await rollbackBet();
  if (session.misbehave.has('delayed')) await sleep(1500);
  reply = await send(session, (options) =>
    clients.bg.call(
      'play',
      {
        ...request,
        finished: input.endRound,
        // After a rollback the win is sent even when it is 0: the wallet must refuse it.
        actions: input.winCents > 0n || session.misbehave.has('rolled_back') ? [winAction] : [],
      },
      options,
    ),
  );
  return { ok: reply.ok, reply };
}

async function settleEvo(clients: Clients, session: StudioSession, input: Settlement) {
  const betId = randomUUID();
  const target = { callbackId: betId, roundRef: input.roundRef, amountCents: input.stakeCents };
  if (session.misbehave.has('out_of_order')) await clients.evo.refund(session.token, randomUUID(), target);
  let reply: WalletReply | undefined;
  const needsWinCall = input.winCents > 0n || input.feature || session.misbehave.has('rolled_back');
  if (!input.feature) {
    reply = await send(session, (options) =>
      clients.evo.money(
        'bet',
        session.token,
        betId,
        { roundRef: input.roundRef, amountCents: input.stakeCents, final: input.endRound && !needsWinCall },
        options,
      ),
    );
    if (!reply.ok) return { ok: false, reply };
  }
  if (session.misbehave.has('rolled_back')) await clients.evo.refund(session.token, randomUUID(), target);
  if (session.misbehave.has('delayed')) await sleep(1500);
  if (needsWinCall) {
    // One id for the win: its copies (misbehaving) must be copies, not new wins.
    const winId = randomUUID();
    reply = await send(session, (options) =>
      clients.evo.money(
        'win',
        session.token,
        winId,
        { roundRef: input.roundRef, amountCents: input.winCents, final: input.endRound },
        options,
      ),
    );
  }
  return { ok: reply!.ok, reply: reply! };
}
