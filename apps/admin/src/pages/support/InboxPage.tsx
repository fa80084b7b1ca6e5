import { CheckOutlined, RedoOutlined, SendOutlined } from '@ant-design/icons';
import type { AssignBody, ConversationRecord } from '@aposta/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Badge,
  Button,
  Card,
  Descriptions,
  Dropdown,
  Empty,
  Flex,
  Input,
  List,
  Segmented,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminApi } from '../../api/typed.ts';
import { dateTime, money } from '../../app/format.ts';
import { problemText } from '../../components/errors.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { KycTag } from '../players/labels.tsx';
import { chime, useOperatorSocket } from './live.ts';

type Status = 'open' | 'closed';
const conversationsKey = (status: Status) => ['admin', 'chat', 'conversations', status] as const;
const messagesKey = (id: number) => ['admin', 'chat', 'messages', id] as const;
const TYPING_SHOWN_MS = 4000;

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

  useEffect(() => {
    const base = t('app.name');
    document.title = unreadTotal > 0 ? `(${unreadTotal}) ${base}` : base;
    return () => {
      document.title = base;
    };
  }, [unreadTotal, t]);

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

  useEffect(() => {
    if (!typing) return;
    const timer = setTimeout(() => setTyping(undefined), Math.max(0, typing.until - Date.now()));
    return () => clearTimeout(timer);
  }, [typing]);

  return (
    <>
      <PageTitle title={t('menu.support')} hint={t('support.hint')} />
      <Flex gap={16} align="stretch" style={{ minHeight: 'calc(100vh - 180px)' }}>
        <Card
          style={{ width: 320, flex: 'none' }}
          styles={{ body: { padding: 0 } }}
          title={
            <Segmented<Status>
              value={status}
              onChange={(value) => {
                setStatus(value);
                setSelected(undefined);
              }}
              options={[
                { value: 'open', label: t('support.open') },
                { value: 'closed', label: t('support.closed') },
              ]}
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

function ConversationPane({
  conversation,
  typing,
  onTyping,
}: {
  conversation: ConversationRecord;
  typing: boolean;
  onTyping: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState('');
  const lastTyping = useRef(0);
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

  return (
    <Card
      style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}
      styles={{ body: { flex: 1, display: 'flex', flexDirection: 'column', gap: 12, minHeight: 0 } }}
      title={<Typography.Text ellipsis>{conversation.username}</Typography.Text>}
      extra={
        <Space>
          <Select
            style={{ width: 180 }}
            placeholder={t('support.assign')}
            aria-label={t('support.assign')}
            allowClear
            value={agents.data?.find((agent) => agent.username === conversation.assignedTo)?.id}
            options={(agents.data ?? []).map((agent) => ({ value: agent.id, label: agent.username }))}
            onChange={(value?: number) =>
              change.mutate({ action: 'assign', body: { operatorId: value ?? null } })
            }
          />
          {conversation.status === 'open' ? (
            <Button icon={<CheckOutlined />} onClick={() => change.mutate({ action: 'close' })}>
              {t('support.close')}
            </Button>
          ) : (
            <Button icon={<RedoOutlined />} onClick={() => change.mutate({ action: 'reopen' })}>
              {t('support.reopen')}
            </Button>
          )}
        </Space>
      }
    >
      <Space wrap>
        <Tag color={conversation.status === 'open' ? 'green' : 'default'}>
          {t(`support.${conversation.status}`)}
        </Tag>
        {conversation.topic ? <Tag color="blue">{t(`support.topic.${conversation.topic}`)}</Tag> : null}
        {conversation.context ? (
          <Typography.Text type="secondary">
            {t('support.context')}: {contextLine(conversation.context, t)}
          </Typography.Text>
        ) : null}
      </Space>
      <section
        ref={listRef}
        aria-label={t('support.messages')}
        style={{
          flex: 1,
          overflowY: 'auto',
          display: 'flex',
          flexDirection: 'column',
          gap: 8,
          maxHeight: '55vh',
        }}
      >
        {(messages.data ?? []).map((row) => (
          <div
            key={row.id}
            style={{
              alignSelf: row.from === 'player' ? 'flex-start' : 'flex-end',
              maxWidth: '75%',
              padding: '8px 12px',
              borderRadius: 10,
              background: row.from === 'player' ? '#f0f2f5' : '#e6f4ff',
            }}
          >
            {/* Plain text: React escapes it, and nothing a player wrote becomes a link. */}
            <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {row.text}
            </Typography.Paragraph>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t(`support.from.${row.from}`)} · {dateTime(row.time)}
            </Typography.Text>
          </div>
        ))}
        {typing ? <Typography.Text type="secondary">{t('support.typing')}</Typography.Text> : null}
      </section>
      <Flex gap={8} align="flex-end">
        <Dropdown
          disabled={!canned.data?.length}
          menu={{
            items: (canned.data ?? []).map((answer) => ({ key: String(answer.id), label: answer.title })),
            onClick: ({ key }) =>
              setDraft(canned.data?.find((answer) => String(answer.id) === key)?.text ?? ''),
          }}
        >
          <Button>{t('support.canned')}</Button>
        </Dropdown>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Input.TextArea
            style={{ width: '100%' }}
            value={draft}
            maxLength={2000}
            autoSize={{ minRows: 1, maxRows: 6 }}
            placeholder={t('support.replyPlaceholder')}
            aria-label={t('support.replyPlaceholder')}
            onChange={(event) => {
              setDraft(event.target.value);
              if (Date.now() - lastTyping.current > 1500) {
                lastTyping.current = Date.now();
                onTyping();
              }
            }}
            onPressEnter={(event) => {
              if (!event.shiftKey) {
                event.preventDefault();
                send();
              }
            }}
          />
        </div>
        <Button
          type="primary"
          icon={<SendOutlined />}
          loading={reply.isPending}
          disabled={!draft.trim()}
          onClick={send}
        >
          {t('support.send')}
        </Button>
      </Flex>
    </Card>
  );
}

function contextLine(context: Record<string, unknown>, t: (key: string) => string): string {
  const parts: string[] = [];
  if (typeof context.orderId === 'number') parts.push(`${t('order.orderId')} #${context.orderId}`);
  if (typeof context.betId === 'number') parts.push(`#${context.betId} ${String(context.game ?? '')}`);
  if (typeof context.amount === 'number') parts.push(money(context.amount));
  if (typeof context.status === 'string')
    parts.push(typeof context.orderId === 'number' ? t(`order.status.${context.status}`) : context.status);
  if (typeof context.time === 'number') parts.push(dateTime(context.time));
  return parts.join(' · ');
}

function PlayerSummary({ conversation }: { conversation: ConversationRecord }) {
  const { t } = useTranslation();
  const uId = conversation.uId;
  const player = useQuery({
    queryKey: ['admin', 'player', uId],
    queryFn: () => adminApi('GET /players/:uId', { params: { uId } }),
  });
  const orders = useQuery({
    queryKey: ['admin', 'player', uId, 'orders', 'chat'],
    queryFn: () => adminApi('GET /players/:uId/orders', { params: { uId }, query: { size: 5 } }),
  });
  return (
    <Card
      style={{ width: 340, flex: 'none' }}
      title={t('support.player')}
      extra={<Link to={`/players/${uId}`}>{t('support.openPlayer')}</Link>}
      loading={player.isPending}
    >
      {player.data ? (
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('player.username')}>{player.data.username}</Descriptions.Item>
          <Descriptions.Item label={t('player.uId')}>{player.data.uId}</Descriptions.Item>
          <Descriptions.Item label={t('player.balance')}>{money(player.data.balance)}</Descriptions.Item>
          <Descriptions.Item label={t('player.freeBalance')}>
            {money(player.data.freeBalance)}
          </Descriptions.Item>
          <Descriptions.Item label={t('player.kyc')}>
            <KycTag kyc={player.data.kycStatus} />
          </Descriptions.Item>
          <Descriptions.Item label={t('player.level')}>{player.data.level}</Descriptions.Item>
        </Descriptions>
      ) : null}
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('support.lastOrders')}
      </Typography.Title>
      <Table
        rowKey="orderId"
        size="small"
        pagination={false}
        loading={orders.isPending}
        dataSource={orders.data?.records ?? []}
        columns={[
          {
            title: t('order.type'),
            dataIndex: 'type',
            render: (type: string) => t(type === '10' ? 'order.deposit' : 'order.withdrawal'),
          },
          { title: t('order.amount'), dataIndex: 'amount', render: money },
          {
            title: t('app.status'),
            dataIndex: 'status',
            render: (status: string) => t(`order.status.${status}`),
          },
        ]}
      />
    </Card>
  );
}
