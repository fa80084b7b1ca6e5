import { describe, expect, it } from 'vitest';
import { telegramShareUrl, whatsappShareUrl } from './share-links';

describe('share links', () => {
  it('encode the whole invitation so the link survives the chat app', () => {
    const link = 'https://aposta.example/yABC123';
    expect(whatsappShareUrl(`Jogue comigo: ${link}`)).toBe(
      'https://wa.me/?text=Jogue%20comigo%3A%20https%3A%2F%2Faposta.example%2FyABC123',
    );
    expect(telegramShareUrl(link, 'Jogue & ganhe')).toBe(
      'https://t.me/share/url?url=https%3A%2F%2Faposta.example%2FyABC123&text=Jogue%20%26%20ganhe',
    );
  });
});
