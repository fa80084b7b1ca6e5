// The catalogue as published: enough games per provider, stated RTPs that are the exact theoretical ones and
// lie in 94–97 %, strips that show a scatter at most once per window, and paytables that match the symbols.
import { describe, expect, it } from 'vitest';
import { findSlotGame, rtpBreakdown, SLOT_GAMES, theoreticalRtp } from './index.ts';

describe('the slot catalogue', () => {
  it('has at least four games per provider, with unique codes and names', () => {
    for (const provider of ['PG', 'EVO', 'BG'] as const) {
      expect(SLOT_GAMES.filter((game) => game.provider === provider).length).toBeGreaterThanOrEqual(4);
    }
    expect(new Set(SLOT_GAMES.map((game) => game.code)).size).toBe(SLOT_GAMES.length);
    expect(new Set(SLOT_GAMES.map((game) => game.name)).size).toBe(SLOT_GAMES.length);
    expect(findSlotGame('pg-boi-dourado')?.name).toBe('Boi Dourado');
    expect(findSlotGame('no-such-game')).toBeUndefined();
  });

  for (const game of SLOT_GAMES) {
    describe(game.code, () => {
      it('states its exact theoretical RTP (to 4 decimals), between 94 % and 97 %', () => {
        expect(game.rtp).toBeGreaterThanOrEqual(0.94);
        expect(game.rtp).toBeLessThanOrEqual(0.97);
        expect(Math.abs(theoreticalRtp(game) - game.rtp)).toBeLessThanOrEqual(0.00005);
      });

      it('has a wild, a scatter that triggers free spins, and one strip per reel', () => {
        expect(game.symbols.filter((symbol) => symbol.kind === 'wild')).toHaveLength(1);
        expect(game.symbols.filter((symbol) => symbol.kind === 'scatter')).toHaveLength(1);
        expect(game.strips).toHaveLength(game.reels);
        expect(rtpBreakdown(game).triggerProbability).toBeGreaterThan(0);
        expect(game.freeSpins.spins).toBeGreaterThan(0);
        if (game.kind === 'lines') {
          expect(game.lines!.length).toBeGreaterThan(0);
          for (const line of game.lines!) {
            expect(line).toHaveLength(game.reels);
            for (const row of line) expect(row).toBeLessThan(game.rows);
          }
          expect(new Set(game.lines!.map((line) => line.join())).size).toBe(game.lines!.length);
        }
      });

      it('never shows the scatter twice in one reel window', () => {
        const scatter = game.symbols.find((symbol) => symbol.kind === 'scatter')!.code;
        for (const strip of game.strips) {
          for (let stop = 0; stop < strip.length; stop++) {
            const window = Array.from({ length: game.rows }, (_, row) => strip[(stop + row) % strip.length]);
            expect(window.filter((code) => code === scatter).length).toBeLessThanOrEqual(1);
          }
        }
      });

      it('publishes every non-zero pay in its paytable, pays growing with the count', () => {
        const published = game.symbols.flatMap((symbol) => symbol.pays.filter((pays) => pays > 0));
        expect(game.paytable).toHaveLength(published.length);
        for (const symbol of game.symbols) {
          const paying = symbol.pays.filter((pays) => pays > 0);
          expect(paying).toEqual([...paying].sort((a, b) => a - b));
        }
        for (const row of game.paytable) expect(row.timesBet).toBeCloseTo(row.coins / game.betCoins, 12);
      });

      it('has rules in Portuguese and English that state the RTP and the free spins', () => {
        const percent = (game.rtp * 100).toFixed(2).replace(/0$/, '');
        expect(game.rules.pt_BR).toContain(`${percent.replace('.', ',')}%`);
        expect(game.rules.en_US).toContain(`${percent}%`);
        expect(game.rules.pt_BR).toContain(`${game.freeSpins.spins} rodadas grátis`);
        expect(game.rules.en_US).toContain(`${game.freeSpins.spins} free spins`);
      });
    });
  }
});
