import type { PlaceBetBody as PlaceBetInput } from '@aposta/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/http-core';
import { createBetKey } from './bet-key';
import { classifyPlaceError } from './place-errors';

const conflict = (message: string, data?: unknown) => new ApiError('message', message, 409, 409, data);

describe('placement refusals', () => {
  it("maps the contract's three 409 sentences to the spec's message keys", () => {
    expect(classifyPlaceError(conflict('This option is currently not open for betting'))).toEqual({
      kind: 'notOpen',
    });
    expect(classifyPlaceError(conflict('The parlay has reached the limit'))).toEqual({ kind: 'shopLimit' });
    expect(classifyPlaceError(conflict('current gameplay not available for purchase'))).toEqual({
      kind: 'sameMatch',
    });
  });

  it('a 409 with data.odds offers the current odds', () => {
    const odds = [{ selectionId: 4, odds: 1.75 }];
    expect(classifyPlaceError(conflict('The odds have changed', { odds }))).toEqual({
      kind: 'oddsChanged',
      odds,
    });
  });

  it('insufficient funds, a blocked account and other messages keep the server message', () => {
    expect(classifyPlaceError(new ApiError('insufficientFunds', 'Saldo insuficiente', 500, 9999))).toEqual({
      kind: 'insufficientFunds',
      message: 'Saldo insuficiente',
    });
    expect(classifyPlaceError(new ApiError('message', 'amount: 1,00 – 10.000,00', 400, 400))).toEqual({
      kind: 'message',
      message: 'amount: 1,00 – 10.000,00',
    });
    expect(classifyPlaceError(new ApiError('logout', '', 401, 40101))).toEqual({ kind: 'loggedOut' });
    expect(classifyPlaceError(new Error('boom'))).toEqual({ kind: 'failed' });
  });
});

describe('idempotency key of a bet', () => {
  const input: PlaceBetInput = {
    amount: '10.00',
    selections: [{ selectionId: 1, odds: 2 }],
    acceptOdds: 'better',
  };

  it('the same bet pressed twice sends the same key; a changed bet or the next bet a new one', () => {
    let counter = 0;
    const key = createBetKey(() => `k${++counter}`);
    expect(key.keyFor(input)).toBe('k1');
    expect(key.keyFor({ ...input })).toBe('k1');
    expect(key.keyFor({ ...input, amount: '11.00' })).toBe('k2');
    expect(key.keyFor({ ...input, selections: [{ selectionId: 1, odds: 2.1 }] })).toBe('k3');
    key.reset();
    expect(key.keyFor({ ...input, selections: [{ selectionId: 1, odds: 2.1 }] })).toBe('k4');
  });
});
