// Development only (never part of the build): answers GET /studio/{provider}/api/game and POST
// /studio/{provider}/api/spin from memory with the real game math, so the page can be developed and
// screenshotted before and apart from the studio server. The real one lives in apps/api (modules/studio) and
// moves money through the wallet; this one keeps a pretend balance per session.

import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FreeSpinState } from '@aposta/slots';
import { findSlotGame, spin, spinOutcomeToJson } from '@aposta/slots';
import type { Connect, Plugin } from 'vite';

type FakeSession = { balance: bigint; freeSpins: FreeSpinState | null };

const START_BALANCE = 100_000n;

function send(response: ServerResponse, status: number, body: unknown): void {
  response.statusCode = status;
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return JSON.parse(text || '{}') as Record<string, unknown>;
}

function cryptoRandom(): number {
  return randomBytes(4).readUInt32BE(0) / 2 ** 32;
}

function middleware(): Connect.NextHandleFunction {
  const sessions = new Map<string, FakeSession>();
  const sessionOf = (token: string) => {
    let session = sessions.get(token);
    if (!session) {
      // A session named "poor" starts with R$ 0,50 so the insufficient-funds message can be seen.
      session = { balance: token === 'poor' ? 50n : START_BALANCE, freeSpins: null };
      sessions.set(token, session);
    }
    return session;
  };
  return (request, response, next) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const match = /^\/studio\/(PG|EVO|BG)\/api\/(game|spin)$/.exec(url.pathname);
    if (!match) return next();
    void (async () => {
      if (match[2] === 'game') {
        const game = findSlotGame(url.searchParams.get('game') ?? '');
        if (!game) return send(response, 404, { error: 'session_closed', message: 'unknown game' });
        const session = sessionOf(url.searchParams.get('session') ?? 'dev');
        return send(response, 200, {
          game,
          balance: session.balance.toString(),
          currency: 'BRL',
          freeSpins: session.freeSpins,
        });
      }
      const body = await readJson(request);
      const game = findSlotGame(String(body.game ?? ''));
      if (!game) return send(response, 400, { error: 'bad_bet', message: 'unknown game' });
      if (body.session === 'closed')
        return send(response, 409, { error: 'session_closed', message: 'closed' });
      const session = sessionOf(String(body.session ?? 'dev'));
      const free = session.freeSpins;
      const bet = free ? 0n : BigInt(String(body.bet ?? '0'));
      if (!free && (bet < BigInt(game.minBet) || bet > BigInt(game.maxBet))) {
        return send(response, 400, { error: 'bad_bet', message: 'bet out of range' });
      }
      if (bet > session.balance)
        return send(response, 402, { error: 'insufficient_funds', message: 'funds' });
      const outcome = spin(game, bet, cryptoRandom, free);
      session.balance += outcome.win - bet;
      session.freeSpins = outcome.state;
      await new Promise((resolve) => setTimeout(resolve, 120));
      send(response, 200, { outcome: spinOutcomeToJson(outcome), balance: session.balance.toString() });
    })();
  };
}

export function fakeStudioApi(): Plugin {
  return {
    name: 'fake-studio-api',
    apply: (_config, { command, isPreview }) => command === 'serve' || isPreview === true,
    configureServer(server) {
      server.middlewares.use(middleware());
    },
    configurePreviewServer(server) {
      server.middlewares.use(middleware());
    },
  };
}
