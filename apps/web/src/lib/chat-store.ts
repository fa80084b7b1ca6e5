import type { ChatMessage, ChatTopic } from '@aposta/contract';
import { useQuery } from '@tanstack/react-query';
import { create, type StoreApi } from 'zustand';
import { lastIncomingId, mergeMessages } from './chat-logic';
import { playerApi } from './player-api';
import { queryClient } from './query-client';

// The support chat. The conversation the server holds (the history loaded so far and whether there is more) is
// server state, so it lives in the query cache under `chatQueryKey`, where the pushes merge into it. This store
// keeps only what is the screen's own: messages on their way (with retry), the unread count that badges the help
// button, whether the panel is open, and the operators' typing hint. Server pushes come in through `receive`.

export const pageSize = 30;
const typingShownMs = 4000;
const quiet = { silent: true, loading: false } as const;

export interface PendingMessage {
  key: string;
  text: string;
  topic?: ChatTopic;
  state: 'sending' | 'failed';
}

/** The conversation as the server holds it, oldest first. */
export interface ChatThread {
  messages: ChatMessage[];
  hasMore: boolean;
}

export const chatQueryKey = ['support', 'chat'] as const;

function thread(): ChatThread | undefined {
  return queryClient.getQueryData<ChatThread>(chatQueryKey);
}

function mergeIntoThread(records: ChatMessage[], hasMore?: (old: ChatThread | undefined) => boolean): void {
  queryClient.setQueryData<ChatThread>(chatQueryKey, (old) => ({
    messages: mergeMessages(old?.messages ?? [], records),
    hasMore: hasMore ? hasMore(old) : (old?.hasMore ?? false),
  }));
}

/** The conversation for a component; undefined until the first history answer or push. Never fetches by itself. */
export function useChatThread(): ChatThread | undefined {
  return useQuery<ChatThread>({
    queryKey: chatQueryKey,
    queryFn: () => thread() ?? { messages: [], hasMore: false },
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
  }).data;
}

interface ChatState {
  pending: PendingMessage[];
  unread: number;
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
  pending: [],
  unread: 0,
  loadingEarlier: false,
  panelOpen: false,
  agentTypingUntil: 0,
};

/** Sends one pending message: on success it joins the thread, on failure it stays, marked for a retry. */
async function deliver(set: StoreApi<ChatState>['setState'], entry: PendingMessage): Promise<void> {
  try {
    const message = await playerApi('POST /api/app/chat/messages', {
      body: { text: entry.text, ...(entry.topic ? { topic: entry.topic } : {}) },
      ...quiet,
    });
    mergeIntoThread([message]);
    set((state) => ({ pending: state.pending.filter((item) => item.key !== entry.key) }));
  } catch {
    set((state) => ({
      pending: state.pending.map((item) => (item.key === entry.key ? { ...item, state: 'failed' } : item)),
    }));
  }
}

export const useChat = create<ChatState>((set, get) => {
  return {
    ...initial,
    reset: () => {
      lastReadSent = 0;
      queryClient.removeQueries({ queryKey: chatQueryKey, exact: true });
      set({ ...initial, panelOpen: get().panelOpen });
    },
    async loadLatest() {
      const answer = await playerApi('GET /api/app/chat/messages', { ...quiet, query: { size: pageSize } });
      const known = thread()?.messages ?? [];
      mergeIntoThread(answer.records, (old) => (old ? old.hasMore : answer.records.length === pageSize));
      set((state) => ({
        pending: answer.records
          .filter((record) => record.from === 'player' && !known.some((item) => item.id === record.id))
          .reduce((left, record) => withoutFirstSending(left, record.text), state.pending),
        unread: answer.unread,
      }));
      if (get().panelOpen) get().markRead();
    },
    async loadEarlier() {
      const oldest = thread()?.messages[0];
      if (!oldest || get().loadingEarlier) return;
      set({ loadingEarlier: true });
      try {
        const answer = await playerApi('GET /api/app/chat/messages', {
          ...quiet,
          query: { before: oldest.id, size: pageSize },
        });
        mergeIntoThread(answer.records, () => answer.records.length === pageSize);
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
      await deliver(set, entry);
    },
    async retry(key) {
      const entry = get().pending.find((item) => item.key === key);
      if (entry?.state !== 'failed') return;
      const again = { ...entry, state: 'sending' as const };
      set((state) => ({ pending: state.pending.map((item) => (item.key === key ? again : item)) }));
      await deliver(set, again);
    },
    receive(message) {
      const known = thread()?.messages.some((item) => item.id === message.id) ?? false;
      mergeIntoThread([message]);
      set((state) => ({
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
      const upTo = lastIncomingId(thread()?.messages ?? []);
      set({ unread: 0 });
      if (upTo === undefined || upTo <= lastReadSent) return;
      lastReadSent = upTo;
      void playerApi('POST /api/app/chat/read', { body: { upTo }, ...quiet }).catch(() => {
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
  queryFn: () => playerApi('GET /api/app/main/config', quiet),
  staleTime: 5 * 60_000,
};
