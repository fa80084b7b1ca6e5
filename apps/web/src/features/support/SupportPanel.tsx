import type { ChatMessage, ChatTopic } from '@aposta/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OverlayProps } from '../../components/overlay-props';
import { Button } from '../../components/ui/Button';
import { Sheet } from '../../components/ui/Sheet';
import { createThrottle, liveChatUrl, textParts } from '../../lib/chat-logic';
import { type PendingMessage, supportConfigQueryOptions, useChat, useChatThread } from '../../lib/chat-store';
import { localeInfo } from '../../lib/locales';
import { openOverlay } from '../../lib/overlays';
import { usePrefs } from '../../lib/prefs';
import { emitChatTyping } from '../../lib/socket';
import { useToken } from '../../lib/token';
import { useUserInfo } from '../../lib/user-info';
import './support.css';

const maxLength = 2000;
// The quick topics, in the order shown (the contract's ChatTopic values).
const topics: readonly ChatTopic[] = ['deposit', 'withdrawal', 'account', 'game'];
const timeFormats = new Map<string, Intl.DateTimeFormat>();
function formatTime(time: number, intlTag: string): string {
  let format = timeFormats.get(intlTag);
  if (!format) {
    format = new Intl.DateTimeFormat(intlTag, { hour: '2-digit', minute: '2-digit' });
    timeFormats.set(intlTag, format);
  }
  return format.format(time);
}

/**
 * The full-height support panel (spec.md section 2): the live chat with the operators, or LiveChat's window
 * when the operator configured a licence, and the Telegram link. Guests are asked to log in first (section 6).
 */
export default function SupportPanel({ visible, onClose }: OverlayProps) {
  const { t } = useTranslation('home');
  const token = useToken((state) => state.token);
  const config = useQuery(supportConfigQueryOptions);
  const licence = config.data?.chatLicence ?? '';
  const setPanelOpen = useChat((state) => state.setPanelOpen);

  useEffect(() => {
    setPanelOpen(visible && Boolean(token));
    return () => setPanelOpen(false);
  }, [visible, token, setPanelOpen]);

  return (
    <Sheet visible={visible} onClose={onClose} title={t('help.title')} className="support-panel">
      {!token ? (
        <GuestPrompt onClose={onClose} />
      ) : licence ? (
        <ExternalChat licence={licence} />
      ) : (
        <Conversation visible={visible} />
      )}
      <SupportLinks telegram={config.data?.telegram ?? ''} supportId={config.data?.supportId ?? ''} />
    </Sheet>
  );
}

function GuestPrompt({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('home');
  return (
    <div className="support-body">
      <p className="support-text">{t('help.loginPrompt')}</p>
      <Button
        variant="primary"
        block
        onClick={() => {
          onClose();
          openOverlay('login');
        }}
      >
        {t('help.login')}
      </Button>
    </div>
  );
}

function ExternalChat({ licence }: { licence: string }) {
  const { t } = useTranslation('home');
  const { data: user } = useUserInfo();
  if (!user) return null;
  return (
    <iframe
      className="support-frame"
      title={t('help.externalTitle')}
      src={liveChatUrl(licence, user.username, user.email)}
    />
  );
}

function SupportLinks({ telegram, supportId }: { telegram: string; supportId: string }) {
  const { t } = useTranslation('home');
  const token = useToken((state) => state.token);
  if (!telegram && !supportId) return null;
  return (
    <div className="support-links">
      {supportId ? <span className="support-id">{t('help.supportId', { id: supportId })}</span> : null}
      {telegram && token ? (
        <a className="btn btn-ghost btn-small" href={telegram} target="_blank" rel="noopener noreferrer">
          {t('help.telegram')}
        </a>
      ) : null}
    </div>
  );
}

function Conversation({ visible }: { visible: boolean }) {
  const { t } = useTranslation('home');
  const thread = useChatThread();
  const messages = thread?.messages ?? [];
  const loaded = thread !== undefined;
  const hasMore = thread?.hasMore ?? false;
  const pending = useChat((state) => state.pending);
  const loadingEarlier = useChat((state) => state.loadingEarlier);
  const typingUntil = useChat((state) => state.agentTypingUntil);
  const { loadLatest, loadEarlier, send, retry } = useChat.getState();
  const intlTag = localeInfo(usePrefs((state) => state.locale)).intlTag;
  const [draft, setDraft] = useState('');
  const listRef = useRef<HTMLDivElement>(null);
  const typingThrottle = useMemo(() => createThrottle(1500), []);
  const agentTyping = useTypingShown(typingUntil);

  useEffect(() => {
    if (visible) void loadLatest().catch(() => {});
  }, [visible, loadLatest]);

  // New messages keep the view at the bottom, where the conversation goes on.
  const bottomKey = `${messages.at(-1)?.id}:${pending.length}:${agentTyping}`;
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list && bottomKey) list.scrollTop = list.scrollHeight;
  }, [bottomKey]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text) return;
    setDraft('');
    void send(text);
  };

  const startTopic = (topic: ChatTopic) => {
    void send(t(`help.topicText.${topic}`), topic);
  };

  return (
    <div className="support-chat">
      <div className="support-messages" ref={listRef} aria-live="polite">
        {hasMore ? (
          <Button
            size="small"
            className="support-earlier"
            busy={loadingEarlier}
            onClick={() => void loadEarlier()}
          >
            {t('help.earlier')}
          </Button>
        ) : null}
        {loaded && messages.length === 0 && pending.length === 0 ? (
          <div className="support-empty">
            <p className="support-text">{t('help.empty')}</p>
            <div className="support-topics">
              {topics.map((topic) => (
                <Button
                  variant="bare"
                  key={topic}
                  className="support-topic"
                  onClick={() => startTopic(topic)}
                >
                  {t(`help.topics.${topic}`)}
                </Button>
              ))}
            </div>
          </div>
        ) : null}
        {messages.map((message) => (
          <MessageBubble key={message.id} message={message} intlTag={intlTag} />
        ))}
        {pending.map((entry) => (
          <PendingBubble key={entry.key} entry={entry} onRetry={() => void retry(entry.key)} />
        ))}
        {agentTyping ? <p className="support-typing">{t('help.typing')}</p> : null}
      </div>
      <form className="support-composer" onSubmit={submit}>
        <textarea
          className="support-input"
          value={draft}
          maxLength={maxLength}
          rows={1}
          placeholder={t('help.placeholder')}
          aria-label={t('help.placeholder')}
          onChange={(event) => {
            setDraft(event.target.value);
            if (event.target.value && typingThrottle()) emitChatTyping();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) submit(event);
          }}
        />
        <Button type="submit" variant="primary" disabled={!draft.trim()}>
          {t('help.send')}
        </Button>
      </form>
    </div>
  );
}

/** Whether the operators' typing hint is still shown: it fades out when its time is up. */
function useTypingShown(until: number): boolean {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const left = until - Date.now();
    if (left <= 0) return;
    setNow(Date.now());
    const timer = setTimeout(() => setNow(Date.now()), left);
    return () => clearTimeout(timer);
  }, [until]);
  return until > now;
}

function MessageBubble({ message, intlTag }: { message: ChatMessage; intlTag: string }) {
  const { t } = useTranslation('home');
  const mine = message.from === 'player';
  return (
    <div className={`support-bubble ${mine ? 'is-mine' : 'is-theirs'}`}>
      {mine ? null : <span className="support-author">{t('help.agent')}</span>}
      <p className="support-bubble-text">
        {textParts(message.text, message.from).map((part, index) =>
          part.href ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
            <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow">
              {part.text}
            </a>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
            <span key={index}>{part.text}</span>
          ),
        )}
      </p>
      <time className="support-time">{formatTime(message.time, intlTag)}</time>
    </div>
  );
}

function PendingBubble({ entry, onRetry }: { entry: PendingMessage; onRetry(): void }) {
  const { t } = useTranslation('home');
  return (
    <div className={`support-bubble is-mine ${entry.state === 'failed' ? 'is-failed' : 'is-sending'}`}>
      <p className="support-bubble-text">{entry.text}</p>
      {entry.state === 'sending' ? (
        <span className="support-time">{t('help.sending')}</span>
      ) : (
        <Button variant="bare" className="support-retry" onClick={onRetry}>
          {t('help.failed')} · {t('help.retry')}
        </Button>
      )}
    </div>
  );
}
