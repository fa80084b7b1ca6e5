import type { AssignBody, ConversationRecord } from '@aposta/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../../api/typed.ts';
import { problemText } from '../../../components/errors.ts';
import { messagesKey } from './keys.ts';

/**
 * One conversation's data and actions: its messages (marked read as the operator sees them, the list
 * kept scrolled to the newest), the canned answers, the agents, the reply draft, and assign/close/reopen.
 */
export function useConversation(conversation: ConversationRecord) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState('');
  const listRef = useRef<HTMLElement>(null);
  const id = conversation.id;

  const messages = useQuery({
    queryKey: messagesKey(id),
    queryFn: () => adminApi('GET /chat/conversations/:id/messages', { params: { id }, query: { size: 100 } }),
  });
  const canned = useQuery({
    queryKey: ['admin', 'chat', 'canned'],
    queryFn: () => adminApi('GET /chat/canned'),
  });
  const agents = useQuery({
    queryKey: ['admin', 'chat', 'agents'],
    queryFn: () => adminApi('GET /chat/agents'),
  });

  // What the operator sees is read: the player's messages up to the newest shown.
  const newestPlayer = useMemo(
    () => [...(messages.data ?? [])].reverse().find((row) => row.from === 'player')?.id,
    [messages.data],
  );
  useEffect(() => {
    if (newestPlayer === undefined || conversation.unread === 0) return;
    void adminApi('POST /chat/conversations/:id/read', { params: { id }, body: { upTo: newestPlayer } }).then(
      () => queryClient.invalidateQueries({ queryKey: ['admin', 'chat', 'conversations'] }),
    );
  }, [id, newestPlayer, conversation.unread, queryClient]);

  const newest = messages.data?.at(-1)?.id;
  useEffect(() => {
    if (listRef.current && newest !== undefined) listRef.current.scrollTop = listRef.current.scrollHeight;
  }, [newest]);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['admin', 'chat'] });
  };
  const reply = useMutation({
    mutationFn: (text: string) =>
      adminApi('POST /chat/conversations/:id/messages', { params: { id }, body: { text } }),
    onSuccess: () => {
      setDraft('');
      refresh();
    },
    onError: (error) => message.error(problemText(error)),
  });
  const change = useMutation({
    mutationFn: (change: { action: 'close' | 'reopen' } | { action: 'assign'; body: AssignBody }) =>
      change.action === 'assign'
        ? adminApi('POST /chat/conversations/:id/assign', { params: { id }, body: change.body })
        : adminApi(`POST /chat/conversations/:id/${change.action}`, { params: { id } }),
    onSuccess: () => {
      message.success(t('app.saved'));
      refresh();
    },
    onError: (error) => message.error(problemText(error)),
  });

  const send = () => {
    const text = draft.trim();
    if (text) reply.mutate(text);
  };

  return { messages, canned, agents, draft, setDraft, listRef, reply, change, send };
}
