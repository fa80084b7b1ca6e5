import { randomUUID } from 'node:crypto';
import { tryParseAmountToCents } from '@aposta/money';
import type { SlotsConfig } from '../../config.ts';
import type { HttpCall } from '../slots/provider-http.ts';
import { bgSignature, centsToDecimalText, evoSignature } from '../slots/slots.rules.ts';

/**
 * The provider side of each protocol: what PG, BGaming and Evoplay send to an operator's wallet. The built-in
 * studio plays through these, and the conformance tests drive them directly (with misbehaviour: copies, calls
 * out of order, rollbacks, unsigned calls). Everything goes over HTTP to the wallet's URL.
 */

export interface WalletReply {
  /** The wallet accepted the call. */
  ok: boolean;
  /** The player's balance as the answer gives it (centavos), when it gives one. */
  balanceCents: bigint | undefined;
  /** The protocol's error code or message on a refusal. */
  error: string | undefined;
  status: number;
  body: unknown;
}

export interface CallOptions {
  /** Send without a valid signature or credentials (the wallet must refuse). */
  unsigned?: boolean;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A wallet's balance in reais (number or decimal text) as exact centavos (@aposta/money); undefined when it is not one. */
const toCents = (reais: unknown) => {
  const parsed = tryParseAmountToCents(reais);
  return parsed.ok ? parsed.amountCents : undefined;
};

export class PgStudioClient {
  private readonly http: HttpCall;
  private readonly config: SlotsConfig['pg'];
  private readonly walletUrl: string;

  constructor(http: HttpCall, config: SlotsConfig['pg'], walletUrl: string) {
    this.http = http;
    this.config = config;
    this.walletUrl = walletUrl;
  }

  async call(path: string, fields: Record<string, string>, options: CallOptions = {}): Promise<WalletReply> {
    const body = new URLSearchParams({
      operator_token: this.config.operatorToken,
      secret_key: options.unsigned ? 'not-the-secret' : this.config.secretKey,
      ...fields,
    }).toString();
    const answer = await this.http(`${this.walletUrl}/api/provider/pg/${path}?trace_id=${randomUUID()}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    const parsed = parse(answer.text) as
      | { data: { balance_amount?: number; player_name?: string } | null; error: { code: string } | null }
      | undefined;
    return {
      ok: answer.status === 200 && parsed?.error === null,
      balanceCents: toCents(parsed?.data?.balance_amount),
      error: parsed?.error?.code,
      status: answer.status,
      body: parsed,
    };
  }

  verifySession(token: string, gameId: string, options?: CallOptions) {
    return this.call(
      'VerifySession',
      { operator_player_session: token, game_id: gameId, ip: '127.0.0.1' },
      options,
    );
  }

  balance(token: string, playerName: string, gameId: string) {
    return this.call('Cash/Get', {
      operator_player_session: token,
      player_name: playerName,
      game_id: gameId,
    });
  }

  /** One spin: its bet and its win in one call (PG's only money call). */
  transferInOut(
    spin: {
      token: string;
      playerName: string;
      gameId: string;
      roundRef: string;
      transactionId: string;
      betCents: bigint;
      winCents: bigint;
      endRound: boolean;
      feature?: boolean;
      validate?: boolean;
    },
    options?: CallOptions,
  ) {
    const now = String(Date.now());
    return this.call(
      'Cash/TransferInOut',
      {
        operator_player_session: spin.token,
        player_name: spin.playerName,
        game_id: spin.gameId,
        parent_bet_id: spin.roundRef,
        bet_id: spin.transactionId,
        transaction_id: spin.transactionId,
        currency_code: 'BRL',
        bet_amount: centsToDecimalText(spin.betCents),
        win_amount: centsToDecimalText(spin.winCents),
        transfer_amount: centsToDecimalText(spin.winCents - spin.betCents),
        wallet_type: 'C',
        bet_type: '1',
        platform: 'web',
        create_time: now,
        updated_time: now,
        is_validate_bet: spin.validate ? 'true' : 'false',
        is_adjustment: 'false',
        is_feature: spin.feature ? 'true' : 'false',
        is_feature_buy: 'false',
        is_wager: 'true',
        is_end_round: spin.endRound ? 'true' : 'false',
      },
      options,
    );
  }
}

export type BgAction =
  | { action: 'bet' | 'win'; action_id: string; amount: number }
  | { action: 'rollback'; action_id: string; original_action_id: string };

export class BgStudioClient {
  private readonly http: HttpCall;
  private readonly config: SlotsConfig['bg'];
  private readonly walletUrl: string;

  constructor(http: HttpCall, config: SlotsConfig['bg'], walletUrl: string) {
    this.http = http;
    this.config = config;
    this.walletUrl = walletUrl;
  }

  async call(
    path: 'play' | 'rollback',
    request: {
      sessionId: string;
      userId: string;
      game: string;
      gameId: string;
      finished: boolean;
      actions: BgAction[];
    },
    options: CallOptions = {},
  ): Promise<WalletReply> {
    const body = JSON.stringify({
      user_id: request.userId,
      session_id: request.sessionId,
      currency: 'BRL',
      game: request.game,
      game_id: request.gameId,
      finished: request.finished,
      actions: request.actions,
    });
    const sign = options.unsigned
      ? bgSignature(body, 'not-the-token')
      : bgSignature(body, this.config.authToken);
    const answer = await this.http(`${this.walletUrl}/api/provider/bg/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-sign': sign },
      body,
    });
    const parsed = parse(answer.text) as { balance?: number; code?: number } | undefined;
    return {
      ok: answer.status === 200,
      balanceCents: typeof parsed?.balance === 'number' ? BigInt(parsed.balance) : undefined,
      error: answer.status === 200 ? undefined : String(parsed?.code ?? answer.status),
      status: answer.status,
      body: parsed,
    };
  }
}

export class EvoStudioClient {
  private readonly http: HttpCall;
  private readonly config: SlotsConfig['evo'];
  private readonly walletUrl: string;

  constructor(http: HttpCall, config: SlotsConfig['evo'], walletUrl: string) {
    this.http = http;
    this.config = config;
    this.walletUrl = walletUrl;
  }

  async call(
    name: 'init' | 'bet' | 'win' | 'refund',
    token: string,
    callbackId: string,
    data: Record<string, unknown>,
    options: CallOptions = {},
  ): Promise<WalletReply> {
    const { projectId, version, secretKey } = this.config;
    const fields = { token, callback_id: callbackId, name, data };
    const signature = evoSignature(
      projectId,
      version,
      [token, callbackId, name, data],
      options.unsigned ? 'not-the-secret' : secretKey,
    );
    const answer = await this.http(`${this.walletUrl}/api/provider/evo/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...fields, signature }),
    });
    const parsed = parse(answer.text) as
      | { status: string; data?: { balance: string }; error?: { message: string; scope: string } }
      | undefined;
    return {
      ok: parsed?.status === 'ok',
      balanceCents: toCents(parsed?.data?.balance),
      error: parsed?.error?.message,
      status: answer.status,
      body: parsed,
    };
  }

  money(
    name: 'bet' | 'win',
    token: string,
    callbackId: string,
    input: { roundRef: string; amountCents: bigint; final: boolean },
    options?: CallOptions,
  ) {
    return this.call(
      name,
      token,
      callbackId,
      {
        round_id: input.roundRef,
        action_id: callbackId,
        final_action: input.final ? 1 : 0,
        amount: centsToDecimalText(input.amountCents),
        currency: 'BRL',
      },
      options,
    );
  }

  refund(
    token: string,
    callbackId: string,
    target: { callbackId: string; roundRef: string; amountCents: bigint },
  ) {
    return this.call('refund', token, callbackId, {
      refund_round_id: target.roundRef,
      refund_action_id: target.callbackId,
      refund_callback_id: target.callbackId,
      amount: centsToDecimalText(target.amountCents),
      currency: 'BRL',
    });
  }
}

/** The three clients towards one wallet URL (this server when `walletUrl` is unset). */
export function studioClients(http: HttpCall, config: SlotsConfig) {
  const walletUrl = (config.walletUrl ?? '').replace(/\/$/, '');
  return {
    pg: new PgStudioClient(http, config.pg, walletUrl),
    bg: new BgStudioClient(http, config.bg, walletUrl),
    evo: new EvoStudioClient(http, config.evo, walletUrl),
  };
}
