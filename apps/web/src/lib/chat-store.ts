import type { ChatHistoryAnswer, ChatMessage, ChatTopic, SupportConfig } from '@aposta/contract';
import { create } from 'zustand';
import { lastIncomingId, mergeMessages } from './chat-logic';
import { http } from './http';

// The support chat's state (shared by the help button's badge and the support panel): the history loaded so far, messages on their way (with retry), the unread count
// that badges the help button, and the operators' typing hint. Server pushes come in through `receive`.

export const pageSize = 30;
const typingShownMs = 4000;
const quiet = { silent: true, loading: false } as const;

export interface PendingMessage {
  key: string;
  text: string;
  topic?: ChatTopic;
  state: 'sending' | 'failed';
}

interface ChatState {
  messages: ChatMessage[];
  pending: PendingMessage[];
  unread: number;
  hasMore: boolean;
  loaded: boolean;
  loadingEarlier: boolean;
  panelOpen: boolean;
  agentTypingUntil: number;
  reset(): void;
  loadLatest(): Promise<void>;
  loadEarlier(): Promise<void>;
  send(text: string, topic?: ChatTopic): Promise<void>;
  retry(key: string): Promise<void>;
  receive(message: ChatMessage): void;
  agentTyping(): void;
  setPanelOpen(open: boolean): void;
  markRead(): void;
}

let pendingCounter = 0;
let lastReadSent = 0;

const initial = {
  messages: [],
  pending: [],
  unread: 0,
  hasMore: false,
  loaded: false,
  loadingEarlier: false,
  panelOpen: false,
  agentTypingUntil: 0,
};

export const useChat = create<ChatState>((set, get) => {
  async function deliver(entry: PendingMessage): Promise<void> {
    try {
      const message = await http.post<ChatMessage>(
        '/api/app/chat/messages',
        { text: entry.text, ...(entry.topic ? { topic: entry.topic } : {}) },
        quiet,
      );
      set((state) => ({
        pending: state.pending.filter((item) => item.key !== entry.key),
        messages: mergeMessages(state.messages, [message]),
      }));
    } catch {
      set((state) => ({
        pending: state.pending.map((item) => (item.key === entry.key ? { ...item, state: 'failed' } : item)),
      }));
    }
  }

  return {
    ...initial,
    reset: () => {
      lastReadSent = 0;
      set({ ...initial, panelOpen: get().panelOpen });
    },
    async loadLatest() {
      const answer = await http.get<ChatHistoryAnswer>('/api/app/chat/messages', {
        ...quiet,
        params: { size: pageSize },
      });
      set((state) => ({
        messages: mergeMessages(state.messages, answer.records),
        pending: answer.records
          .filter(
            (record) => record.from === 'player' && !state.messages.some((item) => item.id === record.id),
          )
          .reduce((left, record) => withoutFirstSending(left, record.text), state.pending),
        unread: answer.unread,
        hasMore: !state.loaded ? answer.records.length === pageSize : state.hasMore,
        loaded: true,
      }));
      if (get().panelOpen) get().markRead();
    },
    async loadEarlier() {
      const oldest = get().messages[0];
      if (!oldest || get().loadingEarlier) return;
      set({ loadingEarlier: true });
      try {
        const answer = await http.get<ChatHistoryAnswer>('/api/app/chat/messages', {
          ...quiet,
          params: { before: oldest.id, size: pageSize },
        });
        set((state) => ({
          messages: mergeMessages(state.messages, answer.records),
          hasMore: answer.records.length === pageSize,
        }));
      } finally {
        set({ loadingEarlier: false });
      }
    },
    async send(text, topic) {
      pendingCounter += 1;
      const entry: PendingMessage = {
        key: `p${pendingCounter}`,
        text,
        state: 'sending',
        ...(topic ? { topic } : {}),
      };
      set((state) => ({ pending: [...state.pending, entry] }));
      await deliver(entry);
    },
    async retry(key) {
      const entry = get().pending.find((item) => item.key === key);
      if (entry?.state !== 'failed') return;
      const again = { ...entry, state: 'sending' as const };
      set((state) => ({ pending: state.pending.map((item) => (item.key === key ? again : item)) }));
      await deliver(again);
    },
    receive(message) {
      const known = get().messages.some((item) => item.id === message.id);
      set((state) => ({
        messages: mergeMessages(state.messages, [message]),
        // The push of the player's own message can overtake the answer to its send (so can a reload of the
        // history): it replaces the bubble on its way, so the message never shows twice.
        pending:
          known || message.from !== 'player'
            ? state.pending
            : withoutFirstSending(state.pending, message.text),
        // A reply ends the typing hint; one the player has not seen yet badges the help button.
        agentTypingUntil: message.from === 'player' ? state.agentTypingUntil : 0,
        unread: !known && message.from !== 'player' && !state.panelOpen ? state.unread + 1 : state.unread,
      }));
      if (get().panelOpen) get().markRead();
    },
    agentTyping: () => set({ agentTypingUntil: Date.now() + typingShownMs }),
    setPanelOpen(open) {
      set({ panelOpen: open });
      if (open) get().markRead();
    },
    markRead() {
      const upTo = lastIncomingId(get().messages);
      set({ unread: 0 });
      if (upTo === undefined || upTo <= lastReadSent) return;
      lastReadSent = upTo;
      void http.post('/api/app/chat/read', { upTo }, quiet).catch(() => {
        lastReadSent = 0;
      });
    },
  };
});

function withoutFirstSending(pending: PendingMessage[], text: string): PendingMessage[] {
  const index = pending.findIndex((item) => item.state === 'sending' && item.text === text);
  return index < 0 ? pending : pending.filter((_, at) => at !== index);
}

/** The support settings the operator set (telegram link, support id, LiveChat licence), read at run time. */
export const supportConfigQueryOptions = {
  queryKey: ['support', 'config'] as const,
  queryFn: () => http.get<SupportConfig>('/api/app/main/config', quiet),
  staleTime: 5 * 60_000,
};
