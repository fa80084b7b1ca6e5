import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import type { PageProps } from '../../../components/page-props';
import { formatMoney } from '../../../lib/format';
import { localeInfo } from '../../../lib/locales';
import { useBonusesOffered } from '../../../lib/offers';
import { usePrefs } from '../../../lib/prefs';
import { queryClient } from '../../../lib/query-client';
import { useToken } from '../../../lib/token';
import { useUserInfo } from '../../../lib/user-info';
import { bonusQueryKey, useBonus } from '../api/bonus';
import type { BonusHistoryEntry } from '../api/types';
import { bonusKindKey } from '../logic/bonus-kinds';
import { progressFraction } from '../logic/vip-progress';
import { formatDate, LoadState, LoginFirst, ProgressBar } from '../parts';
import '../engage.css';

/** The reward kinds whose wagering the rules list names, in the order a player meets them. */
const rewardRuleKinds = ['signin', 'vip', 'increase', 'discount', 'activity', 'gift'] as const;

/** Stable keys for history rows: the same credit twice in one millisecond gets a count. */
function withKeys(history: readonly BonusHistoryEntry[]): { key: string; entry: BonusHistoryEntry }[] {
  const seen = new Map<string, number>();
  return history.map((entry) => {
    const base = `${entry.time}-${entry.kind}-${entry.amount}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return { key: `${base}-${count}`, entry };
  });
}

/** /bonus: the bonus balance beside the cash, the wagering still to do, and every bonus credit. */
export default function BonusPage({ titleKey }: PageProps) {
  const { t } = useTranslation('engage');
  const offered = useBonusesOffered();
  const locale = usePrefs((state) => state.locale);
  const token = useToken((state) => state.token);
  const { data: user } = useUserInfo();
  const bonus = useBonus(Boolean(token));
  const title = t(`common:pages.${titleKey}`);
  const freeBalance = user?.freeBalance;

  // The socket's freeBalance event patches the player; the wagering and history follow it.
  useEffect(() => {
    if (freeBalance === undefined) return;
    void queryClient.invalidateQueries({ queryKey: bonusQueryKey });
  }, [freeBalance]);

  const money = (value: number | undefined) => formatMoney(value, locale);
  const wagering = bonus.data?.wagering;
  const left = wagering ? Math.max(0, wagering.required - wagering.done) : 0;
  return (
    <section className="page engage-page" aria-labelledby="page-title">
      <PageHeader title={title} />
      <h2 id="page-title" className="visually-hidden">
        {title}
      </h2>
      {!token ? (
        <LoginFirst />
      ) : (
        <div className="engage-body">
          <dl className="engage-card bonus-balances">
            <div>
              <dt>{t('bonus.balance')}</dt>
              <dd className="bonus-amount" data-testid="bonus-balance">
                {money(freeBalance ?? bonus.data?.freeBalance)}
              </dd>
            </div>
            <div>
              <dt>{t('bonus.cash')}</dt>
              <dd>{money(user?.balance)}</dd>
            </div>
          </dl>

          {bonus.isPending || bonus.isError ? (
            <LoadState failed={bonus.isError} onRetry={() => void bonus.refetch()} />
          ) : (
            <>
              <section className="engage-card" aria-labelledby="bonus-wagering-title">
                <h2 id="bonus-wagering-title" className="engage-heading">
                  {t('bonus.wagering')}
                </h2>
                {wagering && wagering.required > 0 && left > 0 ? (
                  <>
                    <ProgressBar
                      label={t('activity.progress')}
                      fraction={progressFraction(wagering.done, wagering.required)}
                      text={t('bonus.wageringDone', {
                        done: money(wagering.done),
                        target: money(wagering.required),
                      })}
                    />
                    <p className="engage-small">{t('bonus.wageringLeft', { amount: money(left) })}</p>
                  </>
                ) : (
                  <p className="engage-muted">{t('bonus.wageringNone')}</p>
                )}
              </section>

              <section className="engage-card" aria-labelledby="bonus-history-title">
                <h2 id="bonus-history-title" className="engage-heading">
                  {t('bonus.history')}
                </h2>
                {bonus.data.history.length === 0 ? (
                  <p className="engage-muted">{t('bonus.historyEmpty')}</p>
                ) : (
                  <ul className="engage-list">
                    {withKeys(bonus.data.history).map(({ key, entry }) => (
                      <li key={key} className="engage-list-row">
                        <div>
                          <strong>{t(`bonus.kind.${bonusKindKey(entry.kind)}`)}</strong>
                          <span className="engage-small">
                            {formatDate(entry.time, localeInfo(locale).intlTag, true)}
                          </span>
                        </div>
                        <span className={entry.amount < 0 ? 'engage-amount-out' : 'engage-amount-in'}>
                          {entry.amount < 0 ? '−' : '+'}
                          {money(Math.abs(entry.amount))}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            </>
          )}

          {offered ? (
            <div className="engage-links">
              <Link className="btn btn-ghost" to="/signInSheet">
                {t('bonus.signIn')}
              </Link>
              <Link className="btn btn-ghost" to="/vip">
                {t('bonus.vip')}
              </Link>
            </div>
          ) : (
            <p className="engage-card engage-muted" role="status">
              {t('licensed.noRewards')}
            </p>
          )}

          <section className="engage-card" aria-labelledby="bonus-notes-title">
            <h2 id="bonus-notes-title" className="engage-heading">
              {t('bonus.notes')}
            </h2>
            {/* The server's own multiples (GET /api/app/bonus rules) and the cash rule (issue 27, decision 0028). */}
            <ul className="engage-notes">
              <li>{t('bonus.ruleOwnCash')}</li>
              <li>{t('bonus.ruleForfeit')}</li>
              {bonus.data ? (
                <>
                  <li>{t('bonus.noteGift', { times: bonus.data.rules.depositGift })}</li>
                  {rewardRuleKinds.map((kind) => {
                    const times = bonus.data.rules.rewards[kind];
                    if (times === undefined) return null;
                    const label = t(`bonus.kind.${bonusKindKey(kind)}`);
                    return (
                      <li key={kind}>
                        {times > 0
                          ? t('bonus.ruleReward', { kind: label, times })
                          : t('bonus.ruleCash', { kind: label })}
                      </li>
                    );
                  })}
                </>
              ) : null}
            </ul>
          </section>
        </div>
      )}
    </section>
  );
}
