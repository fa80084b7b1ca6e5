import {
  buildChain,
  diceRoll,
  doubleRoundRoll,
  hashServerSeed,
  limboResult,
  luckyColorRoundNumber,
  minesLayout,
  roundSeedFromChain,
} from '@aposta/fair';
import { describe, expect, it } from 'vitest';
import {
  continueChainSearch,
  emptyVerifyForm,
  parseVerifySearch,
  planChainCheck,
  startChainSearch,
  type VerifyForm,
  verifyHref,
  verifyRound,
  verifySingle,
} from './verifier';

// The README's worked example: dice 77.18, limbo 1.28.
const serverSeed = '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159';
const single: VerifyForm = { ...emptyVerifyForm, serverSeed, clientSeed: 'bb62964774', nonce: '1' };

describe('verifier form', () => {
  it('reads a prefilled link and writes one back', () => {
    const href = verifyHref({ game: 'mines', serverSeed, clientSeed: 'abc', nonce: 4, mines: 3, round: '' });
    expect(href.startsWith('/verify?game=mines&')).toBe(true);
    const form = parseVerifySearch(href.slice('/verify'.length));
    expect(form).toMatchObject({ game: 'mines', serverSeed, clientSeed: 'abc', nonce: '4', mines: '3' });
    expect(form.round).toBe('');
    const round = parseVerifySearch('?game=double&seed=ab&roundId=12&hash=ff');
    expect(round).toMatchObject({ game: 'double', roundSeed: 'ab', roundId: '12', serverSeedHash: 'ff' });
  });

  it('falls back to dice for an unknown game and cuts long values', () => {
    const form = parseVerifySearch(`?game=poker&clientSeed=${'x'.repeat(500)}`);
    expect(form.game).toBe('dice');
    expect(form.clientSeed).toHaveLength(128);
  });
});

describe('verifier results match @aposta/fair', () => {
  it('recomputes dice, limbo, row double and mines from revealed seeds', () => {
    const seeds = { serverSeedHex: serverSeed, clientSeed: 'bb62964774', nonce: 1 };
    const dice = verifySingle(single);
    expect(dice).toMatchObject({ ok: true, value: { result: { game: 'dice', roll: 77.18 } } });
    expect(diceRoll(seeds)).toBe(77.18);
    expect(verifySingle({ ...single, game: 'limbo' })).toMatchObject({
      ok: true,
      value: { result: { multiplier: limboResult(seeds) } },
    });
    const mines = verifySingle({ ...single, game: 'mines', mines: '5' });
    expect(mines.ok && mines.value.result).toEqual({
      game: 'mines',
      mineTiles: [...minesLayout(seeds, 5).mineTiles],
    });
    const row = verifySingle({ ...single, game: 'rowDouble' });
    expect(row.ok && row.value.result.game).toBe('rowDouble');
  });

  it('compares the revealed seed with the hash shown before the bets', () => {
    const hash = hashServerSeed(serverSeed);
    const matching = verifySingle({ ...single, serverSeedHash: hash });
    expect(matching.ok && matching.value.hashMatches).toBe(true);
    const other = verifySingle({ ...single, serverSeedHash: 'f'.repeat(64) });
    expect(other.ok && other.value.hashMatches).toBe(false);
    expect(
      verifySingle(single).ok &&
        (verifySingle(single) as { value: { hashMatches: unknown } }).value.hashMatches,
    ).toBe(undefined);
  });

  it('names the field it cannot use', () => {
    expect(verifySingle({ ...single, serverSeed: 'ABCDEF0123456789' })).toEqual({
      ok: false,
      field: 'serverSeed',
    });
    expect(verifySingle({ ...single, clientSeed: '' })).toEqual({ ok: false, field: 'clientSeed' });
    expect(verifySingle({ ...single, nonce: '-1' })).toEqual({ ok: false, field: 'nonce' });
    expect(verifySingle({ ...single, nonce: '1.5' })).toEqual({ ok: false, field: 'nonce' });
    expect(verifySingle({ ...single, game: 'mines', mines: '25' })).toEqual({ ok: false, field: 'mines' });
  });

  it('recomputes round games and checks the seed against the published chain', () => {
    const chain = buildChain('a'.repeat(64), 30);
    const terminatingHash = chain[chain.length - 1]!;
    const seed = roundSeedFromChain(chain, 7);
    const base: VerifyForm = { ...emptyVerifyForm, game: 'double', roundSeed: seed, salt: 'salt-1' };
    const double = verifyRound(base);
    expect(double.ok && double.value.result).toMatchObject({
      game: 'double',
      roll: doubleRoundRoll(seed, 'salt-1'),
    });
    expect(double.ok && double.value.previousSeed).toBe(roundSeedFromChain(chain, 6));
    const lucky = verifyRound({ ...base, game: 'luckyColor' });
    expect(lucky.ok && lucky.value.result).toMatchObject({ number: luckyColorRoundNumber(seed, 'salt-1') });
    expect(verifyRound({ ...base, salt: '' })).toEqual({ ok: false, field: 'salt' });
    expect(verifyRound({ ...base, roundSeed: 'abc' })).toEqual({ ok: false, field: 'roundSeed' });

    expect(planChainCheck(base)).toEqual({ state: 'skipped' });
    expect(planChainCheck({ ...base, terminatingHash, round: '7' })).toEqual({
      state: 'atRound',
      round: 7,
      inChain: true,
    });
    expect(planChainCheck({ ...base, terminatingHash, round: '6' })).toMatchObject({ inChain: false });
    expect(planChainCheck({ ...base, terminatingHash: 'xyz' })).toEqual({
      state: 'invalid',
      field: 'terminatingHash',
    });
    expect(planChainCheck({ ...base, terminatingHash })).toMatchObject({ state: 'search' });
  });

  it('finds an unknown round number by hashing on, in bounded chunks', () => {
    const chain = buildChain('b'.repeat(64), 40);
    const terminatingHash = chain[chain.length - 1]!;
    let search = startChainSearch(roundSeedFromChain(chain, 12));
    search = continueChainSearch(search, terminatingHash, 5);
    expect(search).toMatchObject({ steps: 5, foundRound: undefined, exhausted: false });
    while (search.foundRound === undefined && !search.exhausted) {
      search = continueChainSearch(search, terminatingHash, 5);
    }
    expect(search.foundRound).toBe(12);
    let lost = startChainSearch('c'.repeat(64));
    for (let chunk = 0; chunk < 10 && !lost.exhausted; chunk++) {
      lost = continueChainSearch(lost, terminatingHash, 4, 20);
    }
    expect(lost).toMatchObject({ exhausted: true, foundRound: undefined, steps: 21 });
  });
});
