import { describe, expect, it } from 'vitest';
import {
  createThrottle,
  lastIncomingId,
  liveChatUrl,
  mergeMessages,
  readChatPush,
  textParts,
} from './chat-logic';

const message = (id: number, from: 'player' | 'agent' = 'player') => ({ id, from, text: `m${id}`, time: id });

describe('chat logic', () => {
  it('merges pages and pushes oldest first, each message once', () => {
    const merged = mergeMessages([message(3), message(5)], [message(1), message(5), message(4)]);
    expect(merged.map((m) => m.id)).toEqual([1, 3, 4, 5]);
  });

  it('reads a well-formed push and ignores anything else', () => {
    expect(readChatPush({ id: 7, from: 'agent', text: 'olá', time: 1 })).toEqual({
      id: 7,
      from: 'agent',
      text: 'olá',
      time: 1,
    });
    expect(readChatPush({ id: '7', from: 'agent', text: 'olá' })).toBeUndefined();
    expect(readChatPush({ id: 7, from: 'hacker', text: 'olá' })).toBeUndefined();
    expect(readChatPush(null)).toBeUndefined();
  });

  it("finds the operators' newest message", () => {
    expect(lastIncomingId([message(1, 'agent'), message(2, 'agent'), message(3)])).toBe(2);
    expect(lastIncomingId([message(1)])).toBeUndefined();
  });

  it('throttles the typing hint', () => {
    let now = 0;
    const allow = createThrottle(1500, () => now);
    expect(allow()).toBe(true);
    now = 1000;
    expect(allow()).toBe(false);
    now = 1600;
    expect(allow()).toBe(true);
  });

  it("makes https links clickable in operators' messages only", () => {
    expect(textParts('veja https://t.me/aposta agora', 'agent')).toEqual([
      { text: 'veja ' },
      { text: 'https://t.me/aposta', href: 'https://t.me/aposta' },
      { text: ' agora' },
    ]);
    expect(textParts('veja https://evil.example', 'player')).toEqual([{ text: 'veja https://evil.example' }]);
    expect(textParts('javascript:alert(1) http://x', 'agent')).toEqual([
      { text: 'javascript:alert(1) http://x' },
    ]);
  });

  it("builds LiveChat's window address with the player's name and e-mail", () => {
    expect(liveChatUrl('12345678', 'ana@x.com', 'ana@x.com')).toBe(
      'https://secure.livechatinc.com/licence/12345678/v2/open_chat.cgi?name=ana%40x.com&email=ana%40x.com',
    );
  });
});
