import type { MarketView as Market, MatchSummary } from '@aposta/contract';
import { useTranslation } from 'react-i18next';
import { isLive, isOver } from '../logic/vocabulary';
import { OddsButton } from './OddsButton';

// A race (api-contract section 11 `kind: 'outright'`): its runners with their winner and podium prices, in the
// running order while it is on (the classified order once it is over), by price before the start.

interface RaceRow {
  id: string;
  name: string;
  position: number | null;
  retired: boolean;
}

/** The field in the order to show: running order (then the retired) when under way, else shortest price first. */
export function raceRows(match: MatchSummary, winner: Market | undefined): RaceRow[] {
  const runners = match.runners ?? [];
  const detail = match.scoreDetail;
  const order = detail?.order;
  if ((isLive(match.period) || isOver(match.period)) && order) {
    const named = new Map(runners.map((runner) => [runner.id, runner.name]));
    const retired = detail?.retired ?? [];
    return [
      ...order.map((id, index) => ({ id, name: named.get(id) ?? id, position: index + 1, retired: false })),
      ...retired.map((id) => ({ id, name: named.get(id) ?? id, position: null, retired: true })),
    ];
  }
  const odds = new Map(winner?.selections.map((selection) => [selection.outcome, selection.odds]));
  return [...runners]
    .sort((a, b) => (odds.get(a.id) ?? 1e9) - (odds.get(b.id) ?? 1e9))
    .map((runner) => ({ ...runner, position: null, retired: false }));
}

function Price({ match, market, runnerId }: { match: MatchSummary; market?: Market; runnerId: string }) {
  const selection = market?.selections.find((item) => item.outcome === runnerId);
  if (!market || !selection) return <span className="race-price-empty" />;
  return <OddsButton match={match} market={market} selection={selection} label="" />;
}

/** The runners of a race with a winner and a podium price each; `limit` shows only the first few (the card). */
export function RaceBoard({
  match,
  markets,
  limit,
}: {
  match: MatchSummary;
  markets: readonly Market[];
  limit?: number;
}) {
  const { t } = useTranslation('sports');
  const open = markets.filter((market) => market.status !== 'closed');
  const winner = open.find((market) => market.type === 'winner');
  const podium = open.find((market) => market.type === 'podium');
  const rows = raceRows(match, winner ?? markets.find((market) => market.type === 'winner'));
  const shown = limit === undefined ? rows : rows.slice(0, limit);
  const priced = winner !== undefined || podium !== undefined;
  return (
    <table className="race-board">
      <thead>
        <tr>
          <th scope="col" className="race-pos">
            {t('race.position')}
          </th>
          <th scope="col" className="race-name">
            {t('race.runners')}
          </th>
          {priced ? (
            <>
              <th scope="col">{t('race.winner')}</th>
              <th scope="col">{t('race.podium')}</th>
            </>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {shown.map((row) => (
          <tr key={row.id} className={row.retired ? 'race-retired' : undefined}>
            <td className="race-pos">{row.position ?? (row.retired ? '—' : '')}</td>
            <th scope="row" className="race-name">
              {row.name}
              {row.retired ? <span className="race-out"> · {t('race.retired')}</span> : null}
            </th>
            {priced ? (
              <>
                <td>
                  <Price match={match} market={winner} runnerId={row.id} />
                </td>
                <td>
                  <Price match={match} market={podium} runnerId={row.id} />
                </td>
              </>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
