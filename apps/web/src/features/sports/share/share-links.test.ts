import { describe, expect, it } from 'vitest';
import { slipCodeOf, telegramShareUrl, whatsappShareUrl } from './share-links';

describe('shared slip links', () => {
  it('puts the text and the link in the chat apps, encoded', () => {
    const link = 'https://aposta.dev/sports/slip/AB3DEF7H';
    expect(whatsappShareUrl('Meu bilhete & odds 3,5', link)).toBe(
      'https://wa.me/?text=Meu%20bilhete%20%26%20odds%203%2C5%20https%3A%2F%2Faposta.dev%2Fsports%2Fslip%2FAB3DEF7H',
    );
    expect(telegramShareUrl('Meu bilhete', link)).toBe(
      'https://t.me/share/url?url=https%3A%2F%2Faposta.dev%2Fsports%2Fslip%2FAB3DEF7H&text=Meu%20bilhete',
    );
  });

  it('reads a code from the address as the server would, refusing look-alikes', () => {
    expect(slipCodeOf('ab3d-ef7h')).toBe('AB3DEF7H');
    expect(slipCodeOf('AB3DEF7O')).toBeUndefined();
    expect(slipCodeOf(undefined)).toBeUndefined();
  });
});
