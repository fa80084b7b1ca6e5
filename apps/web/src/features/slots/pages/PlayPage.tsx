import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { PageProps } from '../../../components/page-props';
import { Icon } from '../../../components/ui/Icon';
import { formatMoney } from '../../../lib/format';
import { usePrefs } from '../../../lib/prefs';
import { rememberRecentSlot } from '../../../lib/recent-slots';
import { patchUserInfo, reloadUserInfo, useUserInfo } from '../../../lib/user-info';
import { fetchBalance, launchGame, stopGame } from '../api/session';
import { isSlotProvider } from '../slot-links';
import { slotsNamespace } from '../slots-i18n';
import '../slots.css';

/**
 * /play?productCode=&value=&name=: opens a session with the provider and shows its game page full screen. The
 * socket is closed here (route flag `play`), so the balance follows the page's own message after each spin;
 * back stops the game (a round left open gives its stake back) and reloads the balance.
 */
export default function PlayPage(_props: PageProps) {
  const { t } = useTranslation(slotsNamespace);
  const navigate = useNavigate();
  const locale = usePrefs((state) => state.locale);
  const [params] = useSearchParams();
  const productCode = params.get('productCode');
  const value = params.get('value') ?? '';
  const name = params.get('name') ?? '';
  const { data: user } = useUserInfo();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const launched = useRef(false);

  useEffect(() => {
    if (launched.current || !isSlotProvider(productCode) || !value) return;
    launched.current = true;
    launchGame(productCode, value)
      .then((answer) => {
        setUrl(answer.url);
        rememberRecentSlot({ productCode, value, name: name || value, icon: `/slots/${value}.svg` });
      })
      .catch(() => setFailed(true));
  }, [productCode, value, name]);

  useEffect(() => {
    // The provider's page says a spin settled; the server's balance is the truth, read afresh.
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const data = event.data as { type?: unknown } | null;
      if (data?.type !== 'slots:balance') return;
      void fetchBalance().then((balances) => patchUserInfo(balances));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  const leave = async () => {
    await stopGame().catch(() => undefined);
    await reloadUserInfo().catch(() => undefined);
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate('/home', { replace: true });
  };

  return (
    <section className="play-page" aria-label={name || t('common:pages.play')}>
      <header className="play-bar">
        <button
          type="button"
          className="icon-button"
          aria-label={t('slots.leave')}
          onClick={() => void leave()}
        >
          <Icon name="back" />
        </button>
        <h1 className="play-title">{name || value}</h1>
        <output className="play-balance" aria-label={t('slots.balance')}>
          {user ? formatMoney(user.balance, locale) : '-'}
        </output>
      </header>
      {failed || !isSlotProvider(productCode) ? (
        <p className="slots-state" role="alert">
          {t('slots.launchFailed')}
        </p>
      ) : url ? (
        <iframe className="play-frame" src={url} title={name || value} allow="autoplay; fullscreen" />
      ) : (
        <p className="slots-state">{t('slots.loading')}</p>
      )}
    </section>
  );
}
