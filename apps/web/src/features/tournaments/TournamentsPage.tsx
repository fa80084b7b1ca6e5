import type { LeaderboardRow, Mission, Tournament } from '@aposta/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../components/page-props';
import { Button } from '../../components/ui/Button';
import { Tabs } from '../../components/ui/Tabs';
import { formatMoney } from '../../lib/format';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { openOverlay } from '../../lib/overlays';
import { usePrefs } from '../../lib/prefs';
import { useToken } from '../../lib/token';
import { useBoard, useClaimMission, useMissions, useTournaments } from './api';
import { tournamentsNamespace } from './tournaments-i18n';
import { multiplierText, progressPercent, timeLeft } from './tournaments-view';
import './tournaments.css';

type View = 'tournaments' | 'missions';

function useFormat() {
  const { t } = useTranslation(tournamentsNamespace);
  const locale = usePrefs((state) => state.locale);
  return { t, locale, intlTag: locale.replace('_', '-') };
}

function Countdown({ tournament }: { tournament: Tournament }) {
  const { t } = useFormat();
  if (tournament.status === 'upcoming')
    return <span>{t('startsIn', timeLeft(tournament.startsAt, Date.now()))}</span>;
  if (tournament.status === 'live')
    return <span>{t('endsIn', timeLeft(tournament.endsAt, Date.now()))}</span>;
  return <span>{t(`status.${tournament.status}`)}</span>;
}

function Score({ row, tournament }: { row: LeaderboardRow; tournament: Tournament }) {
  const { locale, intlTag } = useFormat();
  return (
    <>
      {tournament.scoring === 'stake' ? formatMoney(row.score, locale) : multiplierText(row.score, intlTag)}
    </>
  );
}

function BoardRow({ row, tournament }: { row: LeaderboardRow; tournament: Tournament }) {
  const { locale } = useFormat();
  return (
    <li className={`tn-row${row.me ? ' tn-me' : ''}`} data-testid={`tn-rank-${row.rank}`}>
      <span className={`tn-rank tn-rank-${Math.min(row.rank, 4)}`}>{row.rank}</span>
      <span className="tn-user">{row.user}</span>
      <span className="tn-score">
        <Score row={row} tournament={tournament} />
      </span>
      <span className="tn-prize">{row.prize > 0 ? formatMoney(row.prize, locale) : ''}</span>
    </li>
  );
}

function Board({ id }: { id: number }) {
  const { t } = useFormat();
  const board = useBoard(id);
  const data = board.data;
  if (!data) return <p className="tn-muted">{board.isError ? t('loadFailed') : t('loading')}</p>;
  const mineShown = data.leaders.some((row) => row.me);
  return (
    <div className="tn-board" aria-live="polite">
      {data.leaders.length === 0 ? <p className="tn-muted">{t('noPlayers')}</p> : null}
      <ol className="tn-rows">
        {data.leaders.map((row) => (
          <BoardRow key={row.rank} row={row} tournament={data.tournament} />
        ))}
      </ol>
      {data.mine && !mineShown ? (
        <ol className="tn-rows tn-mine" aria-label={t('yourPlace')}>
          <BoardRow row={data.mine} tournament={data.tournament} />
        </ol>
      ) : null}
    </div>
  );
}

/** A trophy drawn in SVG (emoji fonts are missing on many cheap phones). */
function TrophyArt() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="26"
      height="26"
      fill="none"
      stroke="#3b2a00"
      strokeWidth="1.8"
      strokeLinejoin="round"
    >
      <path d="M7 4h10v5a5 5 0 0 1-10 0V4Z" fill="#fff3c4" />
      <path d="M7 6H4v1a3 3 0 0 0 3 3M17 6h3v1a3 3 0 0 1-3 3M12 14v3M8 20h8M9.5 17h5l.5 3h-6l.5-3Z" />
    </svg>
  );
}

function TournamentCard({
  tournament,
  open,
  onToggle,
}: {
  tournament: Tournament;
  open: boolean;
  onToggle(): void;
}) {
  const { t, locale } = useFormat();
  const pool = tournament.prizes.reduce((sum, prize) => sum + Math.round(prize * 100), 0) / 100;
  return (
    <li className={`tn-card tn-${tournament.status}`} data-testid={`tn-card-${tournament.id}`}>
      <Button variant="bare" className="tn-head" aria-expanded={open} onClick={onToggle}>
        <span className="tn-trophy" aria-hidden="true">
          <TrophyArt />
        </span>
        <span className="tn-title">
          <strong>{tournament.name}</strong>
          <span className="tn-games">{tournament.games.map((game) => t(`games.${game}`)).join(' · ')}</span>
        </span>
        <span className={`tn-chip tn-chip-${tournament.status}`}>{t(`status.${tournament.status}`)}</span>
      </Button>
      <div className="tn-facts">
        <span>
          <Countdown tournament={tournament} />
        </span>
        <span>{t(`scoring.${tournament.scoring}`)}</span>
        <span>{t('players', { count: tournament.players })}</span>
        {pool > 0 ? (
          <span className="tn-pool">{t('pool', { amount: formatMoney(pool, locale) })}</span>
        ) : null}
      </div>
      {open ? <Board id={tournament.id} /> : null}
    </li>
  );
}

function TournamentsList() {
  const { t } = useFormat();
  const list = useTournaments();
  const [open, setOpen] = useState<number | null>(null);
  const tournaments = list.data?.tournaments ?? [];
  const shown = open ?? tournaments.find((item) => item.status === 'live')?.id ?? null;
  if (!list.data) return <p className="tn-muted">{list.isError ? t('loadFailed') : t('loading')}</p>;
  if (tournaments.length === 0) return <p className="tn-empty">{t('none')}</p>;
  return (
    <ul className="tn-list">
      {tournaments.map((item) => (
        <TournamentCard
          key={item.id}
          tournament={item}
          open={shown === item.id}
          onToggle={() => setOpen(shown === item.id ? -1 : item.id)}
        />
      ))}
    </ul>
  );
}

function MissionCard({ mission, signedIn }: { mission: Mission; signedIn: boolean }) {
  const { t, locale, intlTag } = useFormat();
  const claim = useClaimMission();
  const done = mission.progress >= mission.target;
  const percent = progressPercent(mission.progress, mission.target);
  return (
    <li className="tn-card tn-mission" data-testid={`tn-mission-${mission.id}`}>
      <strong>{mission.name}</strong>
      <span className="tn-muted">
        {t('missionRule', {
          count: mission.target,
          game: t(`games.${mission.game}`),
          x: multiplierText(mission.minMultiplier, intlTag),
        })}
      </span>
      <div
        className="tn-bar"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={mission.target}
        aria-valuenow={mission.progress}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <div className="tn-mission-foot">
        <span>{t('progress', { done: mission.progress, target: mission.target })}</span>
        {mission.reward > 0 ? <span className="tn-pool">{formatMoney(mission.reward, locale)}</span> : null}
      </div>
      {!signedIn ? null : mission.claimed ? (
        <p className="tn-claimed">{t('claimed')}</p>
      ) : done && mission.reward > 0 ? (
        <Button
          variant="gold"
          block
          busy={claim.isPending}
          onClick={() => claim.mutate({ id: mission.id, idempotencyKey: newIdempotencyKey() })}
        >
          {t('claim', { amount: formatMoney(mission.reward, locale) })}
        </Button>
      ) : null}
      {claim.isError ? <p role="alert">{t('claimFailed')}</p> : null}
    </li>
  );
}

function MissionsList() {
  const { t } = useFormat();
  const token = useToken((state) => state.token);
  const missions = useMissions();
  if (!missions.data) return <p className="tn-muted">{missions.isError ? t('loadFailed') : t('loading')}</p>;
  return (
    <>
      {!token ? (
        <div className="tn-card tn-login">
          <p>{t('loginForProgress')}</p>
          <Button variant="primary" onClick={() => openOverlay('login')}>
            {t('login')}
          </Button>
        </div>
      ) : null}
      {missions.data.missions.length === 0 ? <p className="tn-empty">{t('noMissions')}</p> : null}
      <ul className="tn-list">
        {missions.data.missions.map((mission) => (
          <MissionCard key={mission.id} mission={mission} signedIn={Boolean(token)} />
        ))}
      </ul>
    </>
  );
}

/** /torneios: live leaderboards of the casino's tournaments and the player's missions (issue 34, decision 0067). */
export default function TournamentsPage({ titleKey }: PageProps) {
  const { t } = useFormat();
  const { t: tc } = useTranslation();
  const [view, setView] = useState<View>('tournaments');
  const title = tc(`pages.${titleKey}`);
  return (
    <section className="page tn-page" aria-labelledby="page-title">
      <PageHeader title={title} />
      <h2 id="page-title" className="visually-hidden">
        {title}
      </h2>
      <Tabs
        label={t('viewLabel')}
        value={view}
        items={[
          { value: 'tournaments', label: t('tabs.tournaments') },
          { value: 'missions', label: t('tabs.missions') },
        ]}
        onChange={setView}
      />
      {view === 'tournaments' ? <TournamentsList /> : <MissionsList />}
    </section>
  );
}
