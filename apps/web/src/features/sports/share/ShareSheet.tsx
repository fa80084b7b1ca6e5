import type { SlipCreateBody, SlipCreated } from '@aposta/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Icon } from '../../../components/ui/Icon';
import { Sheet } from '../../../components/ui/Sheet';
import { copyText } from '../../../lib/clipboard';
import { openOverlay } from '../../../lib/overlays';
import { useToken } from '../../../lib/token';
import { showToast } from '../../../lib/ui';
import { createSharedSlip } from './api';
import { canWebShare, telegramShareUrl, whatsappShareUrl } from './share-links';
import { slipsNamespace } from './slips-i18n';
import './share.css';

/** The code and link once made, and the ways to send them: WhatsApp, Telegram, the phone's sheet, copy. */
function ShareTargets({ shared }: { shared: SlipCreated }) {
  const { t } = useTranslation(slipsNamespace);
  const message = t('share.message', { code: shared.code });
  const copy = async () => {
    if (await copyText(shared.url)) void showToast(t('share.copied'));
  };
  return (
    <div className="share-body">
      <p className="share-lead">{t('share.lead')}</p>
      <p className="share-code" data-testid="slip-code">
        {shared.code}
      </p>
      <p className="share-url" data-testid="slip-url">
        {shared.url}
      </p>
      <div className="share-targets">
        <a
          className="share-target share-whatsapp"
          href={whatsappShareUrl(message, shared.url)}
          target="_blank"
          rel="noopener noreferrer"
        >
          WhatsApp
        </a>
        <a
          className="share-target share-telegram"
          href={telegramShareUrl(message, shared.url)}
          target="_blank"
          rel="noopener noreferrer"
        >
          Telegram
        </a>
        {canWebShare() ? (
          <Button
            variant="bare"
            className="share-target"
            onClick={() =>
              void navigator
                .share({ title: t('share.title'), text: message, url: shared.url })
                .catch(() => {})
            }
          >
            {t('share.more')}
          </Button>
        ) : null}
        <Button variant="bare" className="share-target" onClick={() => void copy()}>
          <Icon name="copy" /> {t('share.copy')}
        </Button>
      </div>
      <p className="share-note">{t('share.privacy')}</p>
    </div>
  );
}

/** A bottom sheet that makes a code for `body` when it opens (one code per opening) and offers to send it. */
export function ShareSheet({ body, onClose }: { body: SlipCreateBody | undefined; onClose(): void }) {
  const { t } = useTranslation(slipsNamespace);
  const [shared, setShared] = useState<SlipCreated>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setShared(undefined);
    setFailed(false);
    if (!body) return;
    let live = true;
    createSharedSlip(body).then(
      (made) => live && setShared(made),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [body]);
  return (
    <Sheet visible={body !== undefined} onClose={onClose} title={t('share.title')} className="share-sheet">
      {shared ? (
        <ShareTargets shared={shared} />
      ) : failed ? (
        <p className="share-lead" role="alert">
          {t('share.failed')}
        </p>
      ) : (
        <p className="share-lead">{t('share.making')}</p>
      )}
    </Sheet>
  );
}

/** The share action: a guest is asked to log in first (a code is made for a player). */
export function ShareButton({
  makeBody,
  className,
  compact = false,
}: {
  makeBody(): SlipCreateBody;
  className?: string;
  compact?: boolean;
}) {
  const { t } = useTranslation(slipsNamespace);
  const token = useToken((state) => state.token);
  const [body, setBody] = useState<SlipCreateBody>();
  return (
    <>
      <Button
        variant="bare"
        className={`share-button${className ? ` ${className}` : ''}`}
        aria-label={t('share.action')}
        onClick={() => (token ? setBody(makeBody()) : openOverlay('login'))}
      >
        <Icon name="share" />
        {compact ? null : <span>{t('share.action')}</span>}
      </Button>
      <ShareSheet body={body} onClose={() => setBody(undefined)} />
    </>
  );
}
