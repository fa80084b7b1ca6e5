import type { MatchDetail } from '@aposta/contract';
import { useTranslation } from 'react-i18next';
import { slipsNamespace } from '../share/slips-i18n';

/**
 * The tracker of the sports without a pitch: a line score in the sport's own units (sets and games, quarters,
 * innings, frames, T20 innings with overs), the segment being played lit; a fight shows its rounds as a track.
 */
export function LineScore({ match }: { match: MatchDetail }) {
  const { t } = useTranslation(slipsNamespace);
  const detail = match.scoreDetail;
  if (!detail || detail.unit === 'race') return null;
  if (detail.unit === 'round') {
    const rounds = Array.from({ length: detail.bestOf ?? 12 }, (_, index) => index + 1);
    return (
      <section className="tracker-card" aria-label={t('tracker.title')}>
        <p className="tracker-title">{t('tracker.rounds', { n: detail.current, total: rounds.length })}</p>
        <ol className="tracker-rounds">
          {rounds.map((round) => (
            <li
              key={round}
              className={round < detail.current ? 'round-done' : round === detail.current ? 'round-now' : ''}
            >
              {round}
            </li>
          ))}
        </ol>
        {detail.stoppage ? (
          <p className="tracker-caption">
            {t('tracker.stoppage', {
              name: detail.stoppage.side === 'home' ? match.home : match.away,
              round: detail.stoppage.round,
            })}
          </p>
        ) : null}
      </section>
    );
  }
  const columns = detail.segments.map((_, index) => index);
  const total = (side: 'home' | 'away') =>
    detail.won
      ? detail.won[side]
      : detail.wickets
        ? `${match.score[side]}/${detail.wickets[side]}`
        : match.score[side];
  const row = (side: 'home' | 'away') => (
    <tr>
      <th scope="row">{side === 'home' ? match.home : match.away}</th>
      {columns.map((index) => (
        <td key={index} className={index + 1 === detail.current ? 'line-now' : undefined}>
          {detail.segments[index]![side]}
        </td>
      ))}
      <td className="line-total">{total(side)}</td>
    </tr>
  );
  return (
    <section className="tracker-card" aria-label={t('tracker.title')}>
      <table className="tracker-line">
        <thead>
          <tr>
            <th scope="col">{t(`tracker.unit.${detail.unit}`)}</th>
            {columns.map((index) => (
              <th key={index} scope="col">
                {index + 1}
              </th>
            ))}
            <th scope="col">{detail.won ? t('tracker.won') : t('tracker.total')}</th>
          </tr>
        </thead>
        <tbody>
          {row('home')}
          {row('away')}
        </tbody>
      </table>
      {detail.balls ? (
        <p className="tracker-caption">
          {t('tracker.overs', {
            home: `${Math.floor(detail.balls.home / 6)}.${detail.balls.home % 6}`,
            away: `${Math.floor(detail.balls.away / 6)}.${detail.balls.away % 6}`,
          })}
        </p>
      ) : null}
    </section>
  );
}
