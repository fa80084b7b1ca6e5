import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../components/page-props';
import { Button } from '../../components/ui/Button';
import { copyText } from '../../lib/clipboard';
import { formatMoney } from '../../lib/format';
import { useBonusesOffered } from '../../lib/offers';
import { usePrefs } from '../../lib/prefs';
import { showToast } from '../../lib/ui';
import { useInviteInfo } from './api';
import { inviteNamespace } from './invite-i18n';
import { canWebShare, telegramShareUrl, whatsappShareUrl } from './share-links';
import './invite.css';

/** The QR code of the link, drawn by the `qrcode` library into a data URL (loaded with this page only). */
function LinkQr({ link, label }: { link: string; label: string }) {
  const [source, setSource] = useState<string>();
  useEffect(() => {
    let live = true;
    void import('qrcode').then(({ toDataURL }) =>
      toDataURL(link, { margin: 1, width: 360, errorCorrectionLevel: 'M' }).then((url) => {
        if (live) setSource(url);
      }),
    );
    return () => {
      live = false;
    };
  }, [link]);
  return source ? (
    <img className="invite-qr" src={source} alt={label} />
  ) : (
    <div className="invite-qr" role="img" aria-label={label} />
  );
}

/** /share: the player's invite code and link, to copy, scan or send. */
export default function SharePage({ titleKey }: PageProps) {
  const { t } = useTranslation(inviteNamespace);
  const { t: tc } = useTranslation();
  const locale = usePrefs((state) => state.locale);
  const info = useInviteInfo();
  // Under the Brazilian licence no commission is paid (decision 0036): the page shares the link, offers nothing.
  const offered = useBonusesOffered();
  const copy = async (text: string) => {
    if (await copyText(text)) void showToast(tc('messages.copySuccess'));
  };

  const data = info.data;
  const message = data ? t('share.message', { link: data.link }) : '';
  return (
    <section className="page invite-page" aria-labelledby="page-title">
      <PageHeader title={tc(`pages.${titleKey}`)} />
      <h2 id="page-title" className="visually-hidden">
        {tc(`pages.${titleKey}`)}
      </h2>
      {info.isError ? (
        <div className="invite-state" role="alert">
          <p>{t('loadFailed')}</p>
          <Button variant="ghost" onClick={() => void info.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : !data ? (
        <p className="invite-state invite-muted">{t('loading')}</p>
      ) : (
        <>
          <div className="invite-card invite-hero">
            <p className="invite-muted">{t(offered ? 'share.lead' : 'share.leadLicensed')}</p>
            <LinkQr link={data.link} label={t('share.qr')} />
            <dl className="invite-codes">
              <div className="invite-code-row">
                <dt>{t('share.code')}</dt>
                <dd>
                  <strong className="invite-code" data-testid="invite-code">
                    {data.yqm}
                  </strong>
                  <Button size="small" variant="ghost" onClick={() => void copy(data.yqm)}>
                    {t('share.copyCode')}
                  </Button>
                </dd>
              </div>
              <div className="invite-code-row">
                <dt>{t('share.link')}</dt>
                <dd>
                  <span className="invite-link" data-testid="invite-link">
                    {data.link}
                  </span>
                  <Button size="small" variant="ghost" onClick={() => void copy(data.link)}>
                    {t('share.copyLink')}
                  </Button>
                </dd>
              </div>
            </dl>
          </div>
          <div className="invite-card">
            <h3 className="invite-heading">{t('share.sendTo')}</h3>
            <div className="invite-share-row">
              <a
                className="invite-share invite-share-whatsapp"
                href={whatsappShareUrl(message)}
                target="_blank"
                rel="noopener noreferrer"
              >
                WhatsApp
              </a>
              <a
                className="invite-share invite-share-telegram"
                href={telegramShareUrl(data.link, t('share.short'))}
                target="_blank"
                rel="noopener noreferrer"
              >
                Telegram
              </a>
              {canWebShare() ? (
                <Button
                  variant="bare"
                  className="invite-share"
                  onClick={() =>
                    void navigator
                      .share({ title: t('share.short'), text: message, url: data.link })
                      .catch(() => {})
                  }
                >
                  {t('share.more')}
                </Button>
              ) : null}
            </div>
          </div>
          <dl className="invite-card invite-stats">
            <div>
              <dt>{t('stats.invited')}</dt>
              <dd>{data.invitedCount}</dd>
            </div>
            <div>
              <dt>{t('stats.deposited')}</dt>
              <dd>{data.depositedCount}</dd>
            </div>
            {offered ? (
              <div>
                <dt>{t('stats.total')}</dt>
                <dd>{formatMoney(data.commissionTotal, locale)}</dd>
              </div>
            ) : null}
          </dl>
        </>
      )}
    </section>
  );
}
