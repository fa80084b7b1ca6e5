import { describe, expect, it } from 'vitest';
import { formatRtp, gameLink, isSlotProvider } from './slot-links';

describe('slot links', () => {
  it('a provider game opens /play or /gameMess with the game as the query; an in-house game its own page', () => {
    const slot = { productCode: 'PG', value: 'pg-boi-dourado', name: 'Boi Dourado', gameType: 'SLOT' };
    expect(gameLink('/play', slot)).toBe('/play?productCode=PG&value=pg-boi-dourado&name=Boi+Dourado');
    expect(gameLink('/gameMess', slot)).toBe(
      '/gameMess?productCode=PG&value=pg-boi-dourado&name=Boi+Dourado',
    );
    const dice = { productCode: 'SELF', value: 'dice', name: 'Dice', gameType: 'dice' };
    expect(gameLink('/play', dice)).toBe('/dice?value=dice&productCode=SELF&gameType=dice&name=Dice');
  });

  it('shows the RTP as a percentage in the player language', () => {
    expect(formatRtp(0.9636, 'pt_BR')).toBe('96,36%');
    expect(formatRtp(0.9636, 'en_US')).toBe('96.36%');
  });

  it('knows the three providers and nothing else', () => {
    expect(['PG', 'EVO', 'BG'].every(isSlotProvider)).toBe(true);
    expect(isSlotProvider('SELF')).toBe(false);
    expect(isSlotProvider(null)).toBe(false);
  });
});
