import type { MatchSummary, ScoreDetailView } from '@aposta/contract';
import { matchPeriod } from '@aposta/sports';
import type { TFunction } from 'i18next';

// A match told in its sport's own words (api-contract section 11 `scoreDetail`): "2º set", "3º quarto",
// "7ª entrada ▲", "Round 5 de 12"; sets won as the headline of a tennis match, runs/wickets for cricket.

type Scored = Pick<MatchSummary, 'sport' | 'period' | 'score' | 'scoreDetail'>;

const pair = (score: { home: number; away: number }) => `${score.home}-${score.away}`;
const overs = (balls: number) => `${Math.floor(balls / 6)}.${balls % 6}`;

/** The live segment in words, or null where the period code says it better (half-time, overtime, not live). */
export function segmentLabel(t: TFunction<'sports'>, match: Scored): string | null {
  const detail = match.scoreDetail;
  if (!detail || detail.current === 0) return null;
  if (match.period < matchPeriod.firstHalf || match.period > matchPeriod.penalty) return null;
  if (match.period === matchPeriod.midfield || match.period === matchPeriod.overtime) return null;
  // Racing: "Volta 34 de 58".
  if (detail.unit === 'race' && detail.laps)
    return t('race.lapOf', { n: detail.current, total: detail.laps });
  switch (detail.unit) {
    case 'half':
      return `${t(`period.${detail.current === 1 ? 'firstHalf' : 'secondHalf'}`)} ${detail.minute ?? 0}'`;
    case 'round':
      return t('detail.roundOf', { n: detail.current, total: detail.bestOf ?? detail.current });
    case 'inning':
      return `${t('detail.inning', { n: detail.current })} ${detail.inningHalf === 'bottom' ? '▼' : '▲'}`;
    case 'quarter':
    case 'set':
    case 'game':
    case 'innings':
    case 'frame':
    case 'race':
      return t(`detail.${detail.unit}`, { n: detail.current });
    default:
      return null;
  }
}

/**
 * The big number per side: sets (games, frames) won in best-of formats, "runs/wickets" in cricket, the score
 * elsewhere; null where a fight or a race has no score to show.
 */
export function headlineScore(match: Scored): { home: string; away: string } | null {
  const detail = match.scoreDetail;
  if (
    detail?.unit === 'round' ||
    detail?.unit === 'race' ||
    match.sport === 'boxing' ||
    match.sport === 'racing'
  )
    return null;
  if (detail?.won) return { home: String(detail.won.home), away: String(detail.won.away) };
  if (detail?.wickets) {
    return {
      home: `${match.score.home}/${detail.wickets.home}`,
      away: `${match.score.away}/${detail.wickets.away}`,
    };
  }
  return { home: String(match.score.home), away: String(match.score.away) };
}

/** The line under the headline: each set's games, each quarter's points, the innings, the frame being played. */
export function segmentsLine(t: TFunction<'sports'>, match: Scored): string | null {
  const detail: ScoreDetailView | null = match.scoreDetail;
  if (!detail || detail.segments.length === 0) return null;
  switch (detail.unit) {
    case 'set':
    case 'game':
      return detail.segments.map(pair).join('  ');
    case 'quarter':
    case 'inning':
      return detail.segments.map(pair).join(' · ');
    case 'frame': {
      const frame = detail.segments.at(-1)!;
      return `${t('detail.frame', { n: detail.current })}: ${pair(frame)} · ${t('detail.bestOf', { n: detail.bestOf })}`;
    }
    case 'innings':
      return detail.balls
        ? t('detail.overs', { home: overs(detail.balls.home), away: overs(detail.balls.away) })
        : null;
    case 'round':
      if (detail.stoppage) return t('detail.stoppage', { round: detail.stoppage.round });
      return match.period === matchPeriod.finished ? t('detail.onPoints') : null;
    default:
      return null;
  }
}

/** One line for a leg in my bets: "2º set · 1-0 (6-4  3-2)", "Encerrada · 2-1"; null before the start. */
export function matchStatusLine(
  t: TFunction<'sports'>,
  match: Scored,
  periodText: (period: number) => string,
): string | null {
  if (match.period === matchPeriod.notOpen) return null;
  const headline = headlineScore(match);
  const segments = segmentsLine(t, match);
  const parts = [segmentLabel(t, match) ?? periodText(match.period)];
  if (headline) parts.push(`${headline.home}-${headline.away}${segments ? ` (${segments})` : ''}`);
  else if (segments) parts.push(segments);
  return parts.join(' · ');
}
