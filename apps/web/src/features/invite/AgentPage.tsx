import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../components/page-props';
import { Button } from '../../components/ui/Button';
import { formatMoney } from '../../lib/format';
import { useActionKey } from '../../lib/idempotency-key';
import { useBonusesOffered } from '../../lib/offers';
import { usePrefs } from '../../lib/prefs';
import { useToken } from '../../lib/token';
import { showToast } from '../../lib/ui';
import { agentPeriods } from './agent-figures';
import { useAgentSummary, useClaim, useInviteInfo } from './api';
import { CommissionChart } from './CommissionChart';
import { inviteNamespace } from './invite-i18n';
import { LoginPrompt } from './LoginPrompt';
import './invite.css';

const percent = (rate: number, intlTag: string) =>
  new Intl.NumberFormat(intlTag, { style: 'percent', maximumFractionDigits: 3 }).format(rate);

/** What the agent page says instead of its offer where commissions are not paid. */
export function NoCommissions() {
  const { t } = useTranslation(inviteNamespace);
  return (
    <section className="invite-page" aria-labelledby="agent-title">
      <h2 id="agent-title" className="invite-title">
        {t('agent.title')}
      </h2>
      <p className="invite-card invite-muted" role="status">
        {t('licensed.noCommissions')}
      </p>
    </section>
  );
}

/** /agentJl2: commission rates, today / yesterday / 30 days, the chart, and the claim. */
export default function AgentPage(_props: PageProps) {
  const { t } = useTranslation(inviteNamespace);
  const locale = usePrefs((state) => state.locale);
  const token = useToken((state) => state.token);
  // Under the Brazilian licence the server refuses every commission claim (decision 0036): no offer shown.
  const offered = useBonusesOffered();
  const info = useInviteInfo(Boolean(token) && offered);
  const summary = useAgentSummary(Boolean(token) && offered);
  const claim = useClaim();
  const actionKey = useActionKey<'claim'>();
  if (!offered) return <NoCommissions />;
  if (!token) return <LoginPrompt />;
  const intlTag = locale.replace('_', '-');
  const claimable = info.data?.commissionClaimable ?? 0;
  const periods = summary.data ? agentPeriods(summary.data.days) : undefined;

  const onClaim = () => {
    if (claim.isPending || claimable <= 0) return;
    claim.mutate(actionKey.keyFor('claim'), {
      onSuccess() {
        actionKey.settle();
        void showToast(t('agent.claimed'));
      },
    });
  };

  return (
    <section className="invite-page" aria-labelledby="agent-title">
      <h2 id="agent-title" className="invite-title">
        {t('agent.title')}
      </h2>
      <div className="invite-card agent-claim">
        <div>
          <p className="invite-muted">{t('agent.claimable')}</p>
          <strong className="agent-claimable" data-testid="agent-claimable">
            {formatMoney(claimable, locale)}
          </strong>
        </div>
        <Button
          variant="gold"
          busy={claim.isPending}
          busyLabel={t('agent.claiming')}
          disabled={claimable <= 0}
          onClick={onClaim}
        >
          {t('agent.claim')}
        </Button>
      </div>
      <p className="invite-muted invite-lead">{t('agent.how')}</p>
      {summary.isError ? (
        <div className="invite-state" role="alert">
          <p>{t('loadFailed')}</p>
          <Button variant="ghost" onClick={() => void summary.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : !summary.data || !periods ? (
        <p className="invite-state invite-muted">{t('loading')}</p>
      ) : (
        <>
          <div className="invite-card">
            <h3 className="invite-heading">{t('agent.rates')}</h3>
            <ul className="agent-rates">
              {summary.data.rates.map((rate) => (
                <li key={rate.depth}>
                  <span>{t('friends.depth', { depth: rate.depth })}</span>
                  <strong>{percent(rate.rate, intlTag)}</strong>
                </li>
              ))}
            </ul>
          </div>
          <table className="invite-card agent-periods">
            <thead>
              <tr>
                <th scope="col" />
                <th scope="col">{t('agent.wagered')}</th>
                <th scope="col">{t('agent.commission')}</th>
              </tr>
            </thead>
            <tbody>
              {(['today', 'yesterday', 'month'] as const).map((key) => (
                <tr key={key}>
                  <th scope="row">{t(`agent.${key}`)}</th>
                  <td>{formatMoney(periods[key].wagered, locale)}</td>
                  <td>{formatMoney(periods[key].commission, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="invite-card">
            <h3 className="invite-heading">{t('agent.chart')}</h3>
            <CommissionChart days={summary.data.days} />
          </div>
        </>
      )}
    </section>
  );
}
