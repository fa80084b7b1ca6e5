import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import type { PageProps } from '../../../components/page-props';
import { Button } from '../../../components/ui/Button';
import { formatMoney } from '../../../lib/format';
import { useActionKey } from '../../../lib/idempotency-key';
import { useBonusesOffered } from '../../../lib/offers';
import { usePrefs } from '../../../lib/prefs';
import { useToken } from '../../../lib/token';
import { showToast } from '../../../lib/ui';
import { useSignIn, useSignInClaim } from '../api/signin';
import { calendarCells, claimableReward } from '../logic/signin-calendar';
import { LoadState, LoginFirst } from '../parts';
import '../engage.css';

/** signInSheet: the 7-day calendar and today's claim (once a day, in the player's own day). */
export default function SignInPage({ titleKey }: PageProps) {
  const { t } = useTranslation('engage');
  const locale = usePrefs((state) => state.locale);
  const token = useToken((state) => state.token);
  const offered = useBonusesOffered();
  const signIn = useSignIn(Boolean(token) && offered);
  const claim = useSignInClaim();
  // One key per day's claim: a retry after a lost answer is the same claim, not a second one.
  const keys = useActionKey<number>(String);
  const title = t(`common:pages.${titleKey}`);
  const state = signIn.data;
  const reward = state ? claimableReward(state) : undefined;

  const onClaim = () => {
    if (!state) return;
    claim.mutate(keys.keyFor(state.today), {
      onSuccess(answer) {
        keys.settle();
        void showToast(
          t('signin.claimedToast', { day: answer.day, amount: formatMoney(answer.reward, locale) }),
        );
      },
    });
  };

  return (
    <section className="page engage-page" aria-labelledby="page-title">
      <PageHeader title={title} />
      <h2 id="page-title" className="visually-hidden">
        {title}
      </h2>
      {!offered ? (
        <div className="engage-body">
          <p className="engage-card engage-muted" role="status">
            {t('licensed.noRewards')}
          </p>
        </div>
      ) : !token ? (
        <LoginFirst />
      ) : !state ? (
        <LoadState failed={signIn.isError} onRetry={() => void signIn.refetch()} />
      ) : (
        <div className="engage-body">
          <p className="engage-muted">{t('signin.intro')}</p>
          <p className="signin-streak">{t('signin.streak', { count: state.streak })}</p>
          <ol className="signin-calendar" aria-label={t('signin.calendar')}>
            {calendarCells(state).map((cell) => (
              <li
                key={cell.day}
                className={`signin-day signin-day-${cell.state}`}
                aria-current={cell.day === state.today ? 'date' : undefined}
              >
                <span className="signin-day-name">{t('signin.day', { day: cell.day })}</span>
                <strong className="signin-day-reward">{formatMoney(cell.reward, locale)}</strong>
                <span className="signin-day-state">{t(`signin.state.${cell.state}`)}</span>
              </li>
            ))}
          </ol>
          {reward !== undefined ? (
            <Button variant="gold" block busy={claim.isPending} onClick={onClaim}>
              {t('signin.claim', { amount: formatMoney(reward, locale) })}
            </Button>
          ) : (
            <p className="engage-card signin-done" role="status">
              {t('signin.claimedToday')}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
