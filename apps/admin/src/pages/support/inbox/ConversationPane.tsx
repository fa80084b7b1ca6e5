import { CheckOutlined, RedoOutlined, SendOutlined } from '@ant-design/icons';
import type { ChatMessage, ConversationRecord } from '@aposta/contract';
import { Button, Card, Dropdown, Flex, Input, Select, Space, Tag, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTime, money } from '../../../app/format.ts';
import { useConversation } from './useConversation.ts';

/** One message: the player's on the left, the operators' on the right. */
function MessageBubble({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  return (
    <div
      style={{
        alignSelf: message.from === 'player' ? 'flex-start' : 'flex-end',
        maxWidth: '75%',
        padding: '8px 12px',
        borderRadius: 10,
        background: message.from === 'player' ? '#f0f2f5' : '#e6f4ff',
      }}
    >
      {/* Plain text: React escapes it, and nothing a player wrote becomes a link. */}
      <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {message.text}
      </Typography.Paragraph>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t(`support.from.${message.from}`)} · {dateTime(message.time)}
      </Typography.Text>
    </div>
  );
}

/** The conversation's status, topic and the context the player opened it from. */
function ConversationTags({ conversation }: { conversation: ConversationRecord }) {
  const { t } = useTranslation();
  return (
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
  );
}

/** The selected conversation: its header actions, its messages and the reply box with canned answers. */
export function ConversationPane({
  conversation,
  typing,
  onTyping,
}: {
  conversation: ConversationRecord;
  typing: boolean;
  onTyping: () => void;
}) {
  const { t } = useTranslation();
  const { messages, canned, agents, draft, setDraft, listRef, reply, change, send } =
    useConversation(conversation);
  const lastTyping = useRef(0);

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
      <ConversationTags conversation={conversation} />
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
          <MessageBubble key={row.id} message={row} />
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
