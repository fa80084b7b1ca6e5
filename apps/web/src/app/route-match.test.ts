import { describe, expect, it } from 'vitest';
import { gameRouteFor, isAuthPath, isGamePath, isPlayPath, matchPattern } from './route-match';
import { routeTable } from './route-table';

describe('route table', () => {
  it('holds every route of spec.md section 2 exactly once', () => {
    const paths = routeTable.map((entry) => entry.path);
    for (const path of [
      '/y{yqm}',
      '/home',
      '/active{id}',
      '/share',
      '/search',
      '/gameMess',
      '/registros',
      '/conta',
      '/bonus',
      '/paySuccess',
      '/friends',
      '/agentJl2',
      '/gg',
      '/my',
      '/vip',
      '/gameGroupList',
      '/play',
      '/error',
      '/mines',
      '/dice',
      '/limbo',
      '/luckyColor',
      '/rowDouble',
      '/double',
    ]) {
      expect(paths.filter((candidate) => candidate === path)).toHaveLength(1);
    }
  });

  it('puts exactly the Main children in the shell and keeps only home alive', () => {
    const main = routeTable.filter((entry) => entry.main).map((entry) => entry.path);
    expect(main.sort()).toEqual([
      '/agentJl2',
      '/bonus',
      '/footballPage',
      '/friends',
      '/gg',
      '/home',
      '/my',
      '/paySuccess',
      '/search',
      '/sports',
      '/sports/bets',
      '/sports/match/:matchId',
      '/sports/slip/:code',
      '/torneios',
      '/transparencia',
    ]);
    expect(routeTable.filter((entry) => entry.keepAlive).map((entry) => entry.path)).toEqual(['/home']);
  });

  it('requires login for share, gameMess and every in-house game', () => {
    for (const path of [
      '/share',
      '/gameMess',
      '/dice',
      '/mines',
      '/limbo',
      '/luckyColor',
      '/rowDouble',
      '/double',
    ]) {
      expect(isAuthPath(path)).toBe(true);
    }
    expect(isAuthPath('/home')).toBe(false);
    expect(isAuthPath('/vip')).toBe(false);
  });
});

describe('matchPattern', () => {
  it('reads the invite code glued to /y and the activity id glued to /active', () => {
    expect(matchPattern('/y8H2K9Q')?.params).toEqual({ yqm: '8H2K9Q' });
    expect(matchPattern('/active12')?.params).toEqual({ id: '12' });
  });

  it('leaves other paths unmatched', () => {
    expect(matchPattern('/y')).toBeUndefined();
    expect(matchPattern('/nothing')).toBeUndefined();
    expect(matchPattern('/y8H2/extra')).toBeUndefined();
  });
});

describe('play and game pages', () => {
  it('lists /play as a play page; the in-house games keep the socket for their rounds and balance', () => {
    expect(isPlayPath('/play')).toBe(true);
    expect(isPlayPath('/dice')).toBe(false);
    expect(isPlayPath('/double/')).toBe(false);
    expect(isPlayPath('/home')).toBe(false);
    expect(isGamePath('/mines')).toBe(true);
    // Leaving a slot reports offGame with its code, as leaving an in-house game does.
    expect(isGamePath('/play')).toBe(true);
  });

  it('maps a SELF gameType to its route, and nothing for an unknown type', () => {
    expect(gameRouteFor('luckyColor')).toBe('/luckyColor');
    expect(gameRouteFor('roulette')).toBeUndefined();
    expect(gameRouteFor('home')).toBeUndefined();
    expect(gameRouteFor('play')).toBeUndefined();
  });
});
