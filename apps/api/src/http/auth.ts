import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/connection.ts';
import { findLiveSession } from '../db/sessions.repository.ts';
import { accountRefused, unauthorized } from '../lib/domain-error.ts';
import { sha256 } from '../lib/secrets.ts';
import { playerLookup } from './player-lookup.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requirePlayer`: the caller, to which every query of the request is scoped. */
    playerId: bigint;
    operatorId: bigint;
    tokenHash: Buffer | undefined;
    /** Set by `requirePlayer`: why a fresh face check is due (decision 0068), else null. */
    faceCheckDue: string | null;
  }
}

/** `Authorization` carries the bare token or `Bearer <token>` (api-contract section 1). */
export function bearerToken(header: unknown): string | undefined {
  if (typeof header !== 'string') return undefined;
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : header.trim();
  return token.length >= 20 && token.length <= 200 ? token : undefined;
}

export function makeAuthGuards(db: Db) {
  // Coalesced: concurrent requests' tokens are looked up in one query (player-lookup.ts, decision 0058).
  const findLivePlayer = playerLookup(db);
  async function requirePlayer(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw unauthorized();
    const tokenHash = sha256(token);
    const player = await findLivePlayer(tokenHash);
    if (!player) throw unauthorized();
    if (player.status !== 'active') throw accountRefused();
    request.playerId = player.userId;
    request.tokenHash = tokenHash;
    request.faceCheckDue = player.faceCheckDue;
  }

  async function requireOperator(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw unauthorized();
    const tokenHash = sha256(token);
    const session = await findLiveSession(db, tokenHash);
    if (session?.subject !== 'operator') throw unauthorized();
    request.operatorId = session.subjectId;
    request.tokenHash = tokenHash;
  }

  return { requirePlayer, requireOperator };
}

export type AuthGuards = ReturnType<typeof makeAuthGuards>;
