import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { PageProps } from '../../../components/page-props';
import { Button } from '../../../components/ui/Button';
import { Icon } from '../../../components/ui/Icon';
import { formatMoney } from '../../../lib/format';
import { rememberGameCode } from '../../../lib/game-session';
import { openOverlay } from '../../../lib/overlays';
import { usePrefs } from '../../../lib/prefs';
import { queryClient } from '../../../lib/query-client';
import { useToken } from '../../../lib/token';
import { patchUserInfo, reloadUserInfo, useUserInfo } from '../../../lib/user-info';
import { fetchBalance, fetchInPlay, launchGame, stopGame } from '../api/session';
import { gameLink, isSlotProvider } from '../slot-links';
import { slotsNamespace } from '../slots-i18n';
import '../slots.css';

/** The provider's page says a spin settled; the server's balance is the truth, read afresh. */
function useBalanceMessages() {
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const data = event.data as { type?: unknown } | null;
      if (data?.type !== 'slots:balance') return;
      void fetchBalance().then((balances) => patchUserInfo(balances));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
}

/**
 * /play?productCode=&value=&name=: opens a session with the provider and shows its game page full screen. The
 * socket is closed here (route flag `play`), so the balance follows the page's own message after each spin;
 * back stops the game (a round left open gives its stake back) and reloads the balance. A guest may open the
 * page (spec.md section 2 lists it top level): it asks for login, and the game opens once the player is in.
 * Without a game in the address (a bookmark, a reload that lost it) it asks the server which game is in play
 * (inPlay) and resumes it. The slot's code is remembered for offGame when the player leaves by any way.
 */
export default function PlayPage(_props: PageProps) {
  const { t } = useTranslation(slotsNamespace);
  const navigate = useNavigate();
  const locale = usePrefs((state) => state.locale);
  const [params] = useSearchParams();
  const productCode = params.get('productCode');
  const value = params.get('value') ?? '';
  const name = params.get('name') ?? '';
  const token = useToken((state) => state.token);
  const { data: user } = useUserInfo();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [nothingInPlay, setNothingInPlay] = useState(false);
  const launched = useRef(false);
  const noGame = !productCode && !value;

  useEffect(() => {
    if (!token || launched.current || !isSlotProvider(productCode) || !value) return;
    launched.current = true;
    launchGame(productCode, value)
      .then((answer) => {
        setUrl(answer.url);
        rememberGameCode('/play', value);
        // Home is kept mounted behind this page: its "recently played" row (query key ['slots', 'recent'])
        // asks again now, so the game is first there when the player comes back.
        void queryClient.invalidateQueries({ queryKey: ['slots', 'recent'] });
      })
      .catch(() => setFailed(true));
  }, [token, productCode, value]);

  useEffect(() => {
    if (!token || !noGame) return;
    fetchInPlay()
      .then((open) => {
        if (open) void navigate(gameLink('/play', { ...open, gameType: 'SLOT' }), { replace: true });
        else setNothingInPlay(true);
      })
      .catch(() => setFailed(true));
  }, [token, noGame, navigate]);

  useBalanceMessages();

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
        <Button
          variant="bare"
          className="icon-button"
          aria-label={t('slots.leave')}
          onClick={() => void leave()}
        >
          <Icon name="back" />
        </Button>
        <h1 className="play-title">{name || value}</h1>
        <output className="play-balance" aria-label={t('slots.balance')}>
          {token && user ? formatMoney(user.balance, locale) : '-'}
        </output>
      </header>
      {!token ? (
        <div className="slots-state play-login">
          <p>{t('slots.loginToPlay', { name: name || value })}</p>
          <Button variant="primary" onClick={() => openOverlay('login')}>
            {t('slots.loginButton')}
          </Button>
        </div>
      ) : nothingInPlay ? (
        <p className="slots-state">{t('slots.noGame')}</p>
      ) : noGame && !failed ? (
        <p className="slots-state">{t('slots.loading')}</p>
      ) : failed || !isSlotProvider(productCode) ? (
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
