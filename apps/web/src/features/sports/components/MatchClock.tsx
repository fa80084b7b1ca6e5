import type { MatchSummary } from '@aposta/contract';
import { useTranslation } from 'react-i18next';
import { localeInfo } from '../../../lib/locales';
import { usePrefs } from '../../../lib/prefs';
import { kickoffText } from '../logic/kickoff';
import { segmentLabel } from '../logic/score-detail';
import { isLive, periodKey } from '../logic/vocabulary';

/** A live match says its period in words; one still to play says when it starts; an ended one how it ended. */
export function MatchClock({
  match,
}: {
  match: Pick<MatchSummary, 'period' | 'startTime'> &
    Partial<Pick<MatchSummary, 'sport' | 'score' | 'scoreDetail'>>;
}) {
  const { t } = useTranslation('sports');
  const locale = usePrefs((state) => state.locale);
  if (isLive(match.period)) {
    return (
      <span className="match-clock match-clock-live">
        <span className="live-dot" aria-hidden="true" />
        {(match.sport &&
          match.score &&
          segmentLabel(t, {
            sport: match.sport,
            period: match.period,
            score: match.score,
            scoreDetail: match.scoreDetail ?? null,
          })) ||
          t(`period.${periodKey(match.period)}`)}
      </span>
    );
  }
  if (match.period !== 0) {
    return <span className="match-clock">{t(`period.${periodKey(match.period)}`)}</span>;
  }
  const kickoff = kickoffText(match.startTime, Date.now(), localeInfo(locale).intlTag);
  return (
    <span className="match-clock">
      {kickoff.day === 'date' ? kickoff.time : t(kickoff.day, { time: kickoff.time })}
    </span>
  );
}
