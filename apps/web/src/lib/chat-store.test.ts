// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The store talks to the server through the app's one HTTP client; here a fake stands in for the server.
const calls: { method: string; path: string; body?: unknown }[] = [];
let failNextSend = false;
vi.mock('./http', () => ({
  http: {
    get: vi.fn(async (path: string) => {
      calls.push({ method: 'GET', path });
      return { records: [{ id: 1, from: 'agent', text: 'Olá', time: 1 }], unread: 1 };
    }),
    post: vi.fn(async (path: string, body: unknown) => {
      calls.push({ method: 'POST', path, body });
      if (path === '/api/app/chat/messages') {
        if (failNextSend) {
          failNextSend = false;
          throw new Error('offline');
        }
        return { id: 10 + calls.length, from: 'player', text: (body as { text: string }).text, time: 2 };
      }
      return null;
    }),
  },
}));

const { chatQueryKey, useChat } = await import('./chat-store');
const { queryClient } = await import('./query-client');
type Thread = import('./chat-store').ChatThread;
const cachedMessages = () => queryClient.getQueryData<Thread>(chatQueryKey)?.messages ?? [];

describe('support chat store', () => {
  beforeEach(() => {
    calls.length = 0;
    useChat.getState().reset();
    useChat.getState().setPanelOpen(false);
  });

  it('counts unread replies while the panel is closed, and reads them when it opens', async () => {
    await useChat.getState().loadLatest();
    expect(useChat.getState().unread).toBe(1);
    useChat.getState().receive({ id: 2, from: 'agent', text: 'Ainda aí?', time: 3 });
    expect(useChat.getState().unread).toBe(2);
    // The same push twice (two tabs, a page that already held it) counts once.
    useChat.getState().receive({ id: 2, from: 'agent', text: 'Ainda aí?', time: 3 });
    expect(useChat.getState().unread).toBe(2);

    useChat.getState().setPanelOpen(true);
    expect(useChat.getState().unread).toBe(0);
    expect(calls.at(-1)).toEqual({ method: 'POST', path: '/api/app/chat/read', body: { upTo: 2 } });
    useChat.getState().receive({ id: 3, from: 'agent', text: 'Resolvido', time: 4 });
    expect(useChat.getState().unread).toBe(0);
  });

  it('keeps a failed message with a retry that sends it again', async () => {
    failNextSend = true;
    await useChat.getState().send('Meu saque não chegou', 'withdrawal');
    expect(useChat.getState().pending).toMatchObject([{ text: 'Meu saque não chegou', state: 'failed' }]);
    const key = useChat.getState().pending[0]!.key;
    await useChat.getState().retry(key);
    expect(useChat.getState().pending).toEqual([]);
    expect(cachedMessages().at(-1)).toMatchObject({
      from: 'player',
      text: 'Meu saque não chegou',
    });
    const sends = calls.filter((entry) => entry.path === '/api/app/chat/messages');
    expect(sends.map((entry) => entry.body)).toEqual([
      { text: 'Meu saque não chegou', topic: 'withdrawal' },
      { text: 'Meu saque não chegou', topic: 'withdrawal' },
    ]);
  });

  it("shows the player's message once when its push arrives before the send's answer", async () => {
    const sending = useChat.getState().send('Preciso de ajuda com um depósito', 'deposit');
    expect(useChat.getState().pending).toMatchObject([{ state: 'sending' }]);
    useChat.getState().receive({ id: 7, from: 'player', text: 'Preciso de ajuda com um depósito', time: 2 });
    expect(useChat.getState().pending).toEqual([]);
    expect(cachedMessages().filter((item) => item.from === 'player')).toHaveLength(1);
    await sending;
    expect(useChat.getState().pending).toEqual([]);
  });

  it('shows the typing hint until a reply arrives', () => {
    useChat.getState().agentTyping();
    expect(useChat.getState().agentTypingUntil).toBeGreaterThan(Date.now());
    useChat.getState().receive({ id: 5, from: 'agent', text: 'Pronto', time: 5 });
    expect(useChat.getState().agentTypingUntil).toBe(0);
  });

  it('keeps the conversation in the query cache: the history and the pushes merge there, a new session drops it', async () => {
    await useChat.getState().loadLatest();
    useChat.getState().receive({ id: 4, from: 'agent', text: 'Já verifiquei', time: 9 });
    expect(queryClient.getQueryData<Thread>(chatQueryKey)).toEqual({
      messages: [
        { id: 1, from: 'agent', text: 'Olá', time: 1 },
        { id: 4, from: 'agent', text: 'Já verifiquei', time: 9 },
      ],
      hasMore: false,
    });
    expect('messages' in useChat.getState()).toBe(false);
    useChat.getState().reset();
    expect(queryClient.getQueryData(chatQueryKey)).toBeUndefined();
  });
});
