import type { MarketView as Market, MatchDetail } from '@aposta/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField } from '../../../components/ui/AmountField';
import { Button } from '../../../components/ui/Button';
import { formatMoney, formatOdds } from '../../../lib/format';
import { ApiError } from '../../../lib/http-core';
import { useActionKey } from '../../../lib/idempotency-key';
import { amountForApi, decimalSeparator, parseAmountInput } from '../../../lib/money-input';
import { openOverlay } from '../../../lib/overlays';
import { usePrefs } from '../../../lib/prefs';
import { useToken } from '../../../lib/token';
import { showAlert, showToast } from '../../../lib/ui';
import { byOutcomeOrder } from '../logic/markets';
import { marketText, outcomeText } from '../logic/match-text';
import { centsToReaisNumber } from '../logic/potential-return';
import { type BuilderBetInput, type BuilderQuote, useBuilderQuote, usePlaceBuilder } from './builder-api';
import { BUILDER_LEGS_MAX, type BuilderGroup, builderGroups, refusalKey, togglePick } from './builder-legs';
import './builder.css';
import './builder-i18n';

type Pick = { selectionId: number; marketId: number };

/** One market of the builder: its outcomes as chips that go on or off the builder. */
function BuilderMarketRow({
  match,
  market,
  picks,
  onToggle,
}: {
  match: MatchDetail;
  market: Market;
  picks: readonly Pick[];
  onToggle: (pick: Pick) => void;
}) {
  const { t } = useTranslation('sports');
  const locale = usePrefs((state) => state.locale);
  return (
    <div
      className={`market-row market-row-${market.selections.length} builder-row${market.status === 'suspended' ? ' market-locked' : ''}`}
    >
      {byOutcomeOrder(market.selections).map((selection) => {
        const chosen = picks.some((pick) => pick.selectionId === selection.selectionId);
        return (
          <Button
            key={selection.selectionId}
            variant="bare"
            className={`odds-button builder-chip${chosen ? ' odds-picked' : ''}`}
            aria-pressed={chosen}
            disabled={market.status !== 'open'}
            onClick={() => onToggle({ selectionId: selection.selectionId, marketId: market.marketId })}
          >
            <span className="odds-label">
              {outcomeText(
                t,
                { ...market, outcome: selection.outcome, home: match.home, away: match.away },
                locale,
              )}
            </span>
            <span className="odds-value">{formatOdds(selection.odds, locale)}</span>
          </Button>
        );
      })}
    </div>
  );
}

function BuilderGroupView(props: {
  match: MatchDetail;
  group: BuilderGroup;
  picks: readonly Pick[];
  onToggle: (pick: Pick) => void;
}) {
  const { t } = useTranslation('sports');
  const { match, group } = props;
  const name = marketText(t, { type: group.type, period: group.period, sport: match.sport });
  return (
    <section className="market-group builder-group" aria-label={name}>
      <h3 className="market-name">{name}</h3>
      {group.markets.map((market) => (
        <BuilderMarketRow key={market.marketId} {...props} market={market} />
      ))}
    </section>
  );
}

/** The picks as the player reads them, in the order chosen. */
function legTexts(
  match: MatchDetail,
  picks: readonly Pick[],
  t: ReturnType<typeof useTranslation<'sports'>>['t'],
  locale: Parameters<typeof formatOdds>[1],
) {
  return picks.flatMap((pick) => {
    const market = match.markets.find((item) => item.marketId === pick.marketId);
    const selection = market?.selections.find((item) => item.selectionId === pick.selectionId);
    if (!market || !selection) return [];
    const what = outcomeText(
      t,
      { ...market, outcome: selection.outcome, home: match.home, away: match.away },
      locale,
    );
    return [
      { selectionId: pick.selectionId, text: `${marketText(t, { ...market, sport: match.sport })}: ${what}` },
    ];
  });
}

/**
 * "Criar Aposta" on the match page: the player picks 2..12 legs of the match, sees the combined price the server
 * quotes from the match model (contradictory legs explained), and places it.
 */
export function BuilderPanel({ match }: { match: MatchDetail }) {
  const { t } = useTranslation('builder');
  const [picks, setPicks] = useState<Pick[]>([]);
  const groups = builderGroups(match.markets);
  const toggle = (pick: Pick) => {
    const next = togglePick(picks, pick);
    if (next.length === picks.length && !picks.some((item) => item.selectionId === pick.selectionId))
      void showToast(t('max', { count: BUILDER_LEGS_MAX }));
    setPicks(next);
  };
  return (
    <div className="builder">
      <p className="builder-intro">{t('intro')}</p>
      {groups.length === 0 ? <p className="sports-state">{t('noMarkets')}</p> : null}
      {groups.map((group) => (
        <BuilderGroupView key={group.key} match={match} group={group} picks={picks} onToggle={toggle} />
      ))}
      {picks.length > 0 ? <BuilderBar match={match} picks={picks} onClear={() => setPicks([])} /> : null}
    </div>
  );
}

/** The builder's bar: legs, the quoted price (or why there is none), the stake and the button. */
function BuilderBar({ match, picks, onClear }: { match: MatchDetail; picks: Pick[]; onClear: () => void }) {
  const { t } = useTranslation('builder');
  const sports = useTranslation('sports');
  const locale = usePrefs((state) => state.locale);
  const token = useToken((state) => state.token);
  const [stakeText, setStakeText] = useState('');
  const [override, setOverride] = useState<BuilderQuote | null>(null);
  const ids = picks.map((pick) => pick.selectionId);
  const stateKey = `${match.period}:${match.score?.home ?? 0}-${match.score?.away ?? 0}:${ids
    .map((id) => match.markets.flatMap((m) => m.selections).find((s) => s.selectionId === id)?.odds ?? 0)
    .join(',')}`;
  const query = useBuilderQuote(match.matchId, ids, stateKey, Boolean(token));
  const fresh =
    query.data && override && override.quoteId < query.data.quoteId ? query.data : (override ?? query.data);
  const quote = fresh && sameLegs(fresh, ids) ? fresh : undefined;
  const stakeCents = parseAmountInput(stakeText, decimalSeparator(locale)) ?? undefined;
  const { place, placing } = usePlaceBuilderBet(quote, stakeCents, (next) => setOverride(next), onClear);
  const refused =
    query.error instanceof ApiError && query.error.httpStatus === 409 ? refusalKey(query.error.data) : null;
  const potential =
    quote && stakeCents !== undefined
      ? (stakeCents * BigInt(Math.round(quote.odds * 1000))) / 1000n
      : undefined;
  return (
    <aside className="builder-bar" aria-label={t('title')}>
      <div className="builder-bar-head">
        <strong>{t('legs', { count: picks.length })}</strong>
        <Button variant="ghost" size="small" onClick={onClear}>
          {t('clear')}
        </Button>
      </div>
      <ul className="builder-legs">
        {legTexts(match, picks, sports.t, locale).map((leg) => (
          <li key={leg.selectionId}>{leg.text}</li>
        ))}
      </ul>
      <BuilderPrice
        count={picks.length}
        signedIn={Boolean(token)}
        quote={quote}
        refused={refused}
        pending={query.isFetching}
      />
      {quote ? (
        <>
          <AmountField label={t('stake')} value={stakeText} onChange={(text) => setStakeText(text)} />
          <p className="builder-return">
            {t('return')}:{' '}
            <output>
              {potential === undefined ? '-' : formatMoney(centsToReaisNumber(potential), locale)}
            </output>
          </p>
          <Button
            variant="primary"
            block
            busy={placing}
            busyLabel={t('placing')}
            onClick={() => void place()}
          >
            {`${t('place')}${stakeCents === undefined ? '' : ` ${formatMoney(centsToReaisNumber(stakeCents), locale)}`}`}
          </Button>
        </>
      ) : null}
    </aside>
  );
}

const sameLegs = (quote: BuilderQuote, ids: readonly number[]) =>
  quote.legs.length === ids.length && quote.legs.every((leg, index) => leg.selectionId === ids[index]);

function BuilderPrice(props: {
  count: number;
  signedIn: boolean;
  quote: BuilderQuote | undefined;
  refused: string | null;
  pending: boolean;
}) {
  const { t } = useTranslation('builder');
  const locale = usePrefs((state) => state.locale);
  if (props.count < 2) return <p className="builder-hint">{t('pickTwo')}</p>;
  if (!props.signedIn)
    return (
      <Button variant="primary" block onClick={() => openOverlay('login')}>
        {t('loginToQuote')}
      </Button>
    );
  if (props.refused)
    return (
      <p className="builder-refused" role="alert">
        {t(props.refused)}
      </p>
    );
  if (!props.quote) return <p className="builder-hint">{props.pending ? t('pricing') : t('unavailable')}</p>;
  return (
    <p className="builder-odds">
      {t('combined')} <output aria-live="polite">{formatOdds(props.quote.odds, locale)}</output>
    </p>
  );
}

/** Placing on the quote: login first, a stake, once per key; a moved or expired quote shows the new price. */
function usePlaceBuilderBet(
  quote: BuilderQuote | undefined,
  stakeCents: bigint | undefined,
  onNewQuote: (quote: BuilderQuote) => void,
  onPlaced: () => void,
) {
  const { t } = useTranslation('builder');
  const token = useToken((state) => state.token);
  const placement = usePlaceBuilder();
  const betKey = useActionKey<BuilderBetInput>();
  const place = async () => {
    if (!token) return openOverlay('login');
    if (!quote) return;
    if (stakeCents === undefined) return showAlert(t('enterStake'));
    const input: BuilderBetInput = {
      amount: amountForApi(stakeCents),
      quoteId: quote.quoteId,
      acceptOdds: 'none',
    };
    try {
      await placement.mutateAsync({ input, idempotencyKey: betKey.keyFor(input) });
      betKey.settle();
      onPlaced();
      void showToast(t('placed'));
    } catch (error) {
      const data = error instanceof ApiError ? (error.data as Partial<BuilderQuote> | null) : null;
      if (error instanceof ApiError && error.httpStatus === 409 && data?.quoteId) {
        onNewQuote(data as BuilderQuote);
        return showAlert(t('moved', { odds: formatOdds(data.odds ?? 0, usePrefs.getState().locale) }));
      }
      return showAlert(error instanceof ApiError ? error.message : t('failed'));
    }
  };
  return { place, placing: placement.isPending };
}
