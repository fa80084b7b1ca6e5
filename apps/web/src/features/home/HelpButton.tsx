import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { Icon } from '../../components/ui/Icon';
import { useChat } from '../../lib/chat-store';
import { openOverlay } from '../../lib/overlays';
import { useToken } from '../../lib/token';

/** The floating help button: opens the support panel; a badge counts the operators' unread replies. */
export function HelpButton() {
  const { t } = useTranslation('home');
  const token = useToken((state) => state.token);
  const unread = useChat((state) => state.unread);

  // Each session starts from its own conversation: the history and unread count of another login are dropped.
  useEffect(() => {
    useChat.getState().reset();
    if (token)
      void useChat
        .getState()
        .loadLatest()
        .catch(() => {});
  }, [token]);

  return (
    <Button
      variant="bare"
      className="help-button"
      aria-label={unread > 0 ? t('help.buttonUnread', { count: unread }) : t('help.button')}
      onClick={() => openOverlay('support')}
    >
      <Icon name="help" />
      {unread > 0 ? (
        <span className="help-badge" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Button>
  );
}
