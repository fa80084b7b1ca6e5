import { type InHouseGame, inHouseRtp } from '@aposta/fair';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Icon } from '../../../components/ui/Icon';
import { rememberGameCode } from '../../../lib/game-session';
import { openOverlay } from '../../../lib/overlays';
import { useToken } from '../../../lib/token';
import { useUserInfo } from '../../../lib/user-info';
import { money } from '../format';
import { useLocale } from '../hooks';
import '../games.css';
import { Button } from '../../../components/ui/Button';

/**
 * A game page: its own header (back, title, the balance that every bet answer and insBalance push
 * update, a deposit button), then the page. Game pages are top level, outside the Main shell.
 */
export function GameLayout({
  title,
  rtp,
  children,
}: {
  title: string;
  /** The in-house game whose return to player is shown before play (issue 15, ordinance 1.231/2024). */
  rtp?: InHouseGame;
  children: ReactNode;
}) {
  const { t } = useTranslation('games');
  const navigate = useNavigate();
  const locale = useLocale();
  const token = useToken((state) => state.token);
  const { data: user } = useUserInfo();
  const { pathname } = useLocation();
  // The page's game code, so leaving it by any way reports offGame (spec.md section 2, app/session-effects).
  useEffect(() => {
    if (token && rtp) rememberGameCode(pathname, rtp);
  }, [token, rtp, pathname]);
  const back = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate('/home', { replace: true });
  };
  return (
    <div className="game-page">
      <header className="game-header">
        <Button variant="bare" className="icon-button" aria-label={t('common:actions.back')} onClick={back}>
          <Icon name="back" />
        </Button>
        <h1 className="game-title">{title}</h1>
        {token ? (
          <div className="game-wallet">
            <output className="game-balance" aria-label="balance" title={t('common:header.balance')}>
              {user ? money(user.balance, locale) : '-'}
            </output>
            <Button
              variant="bare"
              className="game-deposit"
              aria-label={t('layout.deposit')}
              onClick={() => openOverlay('deposit')}
            >
              +
            </Button>
          </div>
        ) : (
          <span className="game-header-spacer" />
        )}
      </header>
      <main className="game-main">
        {rtp ? <RtpNote game={rtp} /> : null}
        {children}
      </main>
    </div>
  );
}

/** A titled block of a game page. */
export function GameSection({
  title,
  children,
  className = '',
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`game-section ${className}`} aria-label={title}>
      <h2 className="game-section-title">{title}</h2>
      {children}
    </section>
  );
}

/** The game's RTP, from the payout rules themselves (packages/fair rtp.ts): one figure, or lowest–highest bet. */
function RtpNote({ game }: { game: InHouseGame }) {
  const { t } = useTranslation('games');
  const locale = useLocale();
  const { min, max } = inHouseRtp()[game];
  const percent = (value: number) =>
    new Intl.NumberFormat(locale.replace('_', '-'), { style: 'percent', maximumFractionDigits: 2 }).format(
      Math.floor(value * 10_000) / 10_000,
    );
  const value = percent(min) === percent(max) ? percent(max) : `${percent(min)} – ${percent(max)}`;
  return <p className="game-rtp">{t('rtp.label', { value })}</p>;
}
