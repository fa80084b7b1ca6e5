import type { ConversationRecord } from '@aposta/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Card, Empty, Flex, List, Segmented, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/typed.ts';
import { dateTime } from '../../app/format.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { ConversationPane } from './inbox/ConversationPane.tsx';
import { conversationsKey, messagesKey, type Status } from './inbox/keys.ts';
import { PlayerSummary } from './inbox/PlayerSummary.tsx';
import { chime, useOperatorSocket } from './live.ts';

const TYPING_SHOWN_MS = 4000;

function StatusSwitch({ value, onChange }: { value: Status; onChange: (value: Status) => void }) {
  const { t } = useTranslation();
  return (
    <Segmented<Status>
      value={value}
      onChange={onChange}
      options={[
        { value: 'open', label: t('support.open') },
        { value: 'closed', label: t('support.closed') },
      ]}
    />
  );
}

/** The tab's title counts the unread messages, and is the app's name again when the inbox closes. */
function useUnreadTitle(unreadTotal: number) {
  const { t } = useTranslation();
  useEffect(() => {
    const base = t('app.name');
    document.title = unreadTotal > 0 ? `(${unreadTotal}) ${base}` : base;
    return () => {
      document.title = base;
    };
  }, [unreadTotal, t]);
}

/** "Typing…" is shown until its time runs out. */
function useTypingExpiry(typing: { until: number } | undefined, setTyping: (shown: undefined) => void) {
  useEffect(() => {
    if (!typing) return;
    const timer = setTimeout(() => setTyping(undefined), Math.max(0, typing.until - Date.now()));
    return () => clearTimeout(timer);
  }, [typing, setTyping]);
}

/**
 * The support inbox: conversations with unread counts, the selected one's messages with a reply box and
 * canned answers, assign/close/reopen, and the player's summary beside. Player text is shown as plain text,
 * never as links (a message from an unknown player is not trusted). New messages arrive live with a chime.
 */
export default function InboxPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status>('open');
  const [selected, setSelected] = useState<number | undefined>();
  const [typing, setTyping] = useState<{ id: number; until: number } | undefined>();

  const conversations = useQuery({
    queryKey: conversationsKey(status),
    queryFn: () => adminApi('GET /chat/conversations', { query: { status, size: 100 } }),
  });
  const current = conversations.data?.records.find((row) => row.id === selected);
  const unreadTotal = (conversations.data?.records ?? []).reduce((sum, row) => sum + row.unread, 0);

  useUnreadTitle(unreadTotal);

  const emit = useOperatorSocket({
    chatMessage(message) {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'chat', 'conversations'] });
      void queryClient.invalidateQueries({ queryKey: messagesKey(message.conversationId) });
      if (message.from === 'player') {
        chime();
        setTyping((shown) => (shown?.id === message.conversationId ? undefined : shown));
      }
    },
    chatConversation() {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'chat', 'conversations'] });
    },
    chatTyping({ conversationId }) {
      setTyping({ id: conversationId, until: Date.now() + TYPING_SHOWN_MS });
    },
  });

  useTypingExpiry(typing, setTyping);

  return (
    <>
      <PageTitle title={t('menu.support')} hint={t('support.hint')} />
      <Flex gap={16} align="stretch" style={{ minHeight: 'calc(100vh - 180px)' }}>
        <Card
          style={{ width: 320, flex: 'none' }}
          styles={{ body: { padding: 0 } }}
          title={
            <StatusSwitch
              value={status}
              onChange={(value) => {
                setStatus(value);
                setSelected(undefined);
              }}
            />
          }
        >
          <List<ConversationRecord>
            loading={conversations.isPending}
            dataSource={conversations.data?.records ?? []}
            locale={{ emptyText: <Empty description={t('support.none')} /> }}
            renderItem={(row) => (
              <List.Item
                onClick={() => setSelected(row.id)}
                style={{
                  cursor: 'pointer',
                  padding: '12px 16px',
                  background: row.id === selected ? 'rgba(22, 119, 255, 0.08)' : undefined,
                }}
                aria-current={row.id === selected}
                data-testid={`conversation-${row.uId}`}
              >
                <List.Item.Meta
                  title={
                    <Flex justify="space-between" gap={8}>
                      <Typography.Text ellipsis strong={row.unread > 0}>
                        {row.username}
                      </Typography.Text>
                      <Badge count={row.unread} />
                    </Flex>
                  }
                  description={
                    <>
                      <Typography.Text type="secondary" ellipsis style={{ display: 'block' }}>
                        {typing?.id === row.id ? t('support.typing') : row.lastText}
                      </Typography.Text>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {dateTime(row.time)}
                        {row.assignedTo ? ` · ${row.assignedTo}` : ''}
                      </Typography.Text>
                    </>
                  }
                />
              </List.Item>
            )}
          />
        </Card>
        {current ? (
          <>
            <ConversationPane
              conversation={current}
              typing={typing?.id === current.id}
              onTyping={() => emit('chatTyping', { conversationId: current.id })}
            />
            <PlayerSummary conversation={current} />
          </>
        ) : (
          <Card style={{ flex: 1 }}>
            <Empty description={t('support.pick')} />
          </Card>
        )}
      </Flex>
    </>
  );
}
