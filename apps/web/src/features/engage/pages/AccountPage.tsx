import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Avatar } from '../../../components/art/Avatar';
import { PageHeader } from '../../../components/PageHeader';
import type { PageProps } from '../../../components/page-props';
import { Button } from '../../../components/ui/Button';
import { formatMoney } from '../../../lib/format';
import { changeLocale } from '../../../lib/i18n';
import { type LocaleCode, localeInfo, locales } from '../../../lib/locales';
import { openOverlay } from '../../../lib/overlays';
import { usePrefs } from '../../../lib/prefs';
import { logout } from '../../../lib/session';
import { useToken } from '../../../lib/token';
import { useUserInfo } from '../../../lib/user-info';
import { formatDate, LoadState, LoginFirst } from '../parts';
import { VipBadge } from '../VipBadge';
import '../engage.css';

/** /conta: who the player is, identity check, limits, password and language. */
export default function AccountPage({ titleKey }: PageProps) {
  const { t } = useTranslation('engage');
  const navigate = useNavigate();
  const locale = usePrefs((state) => state.locale);
  const token = useToken((state) => state.token);
  const user = useUserInfo();
  const title = t(`common:pages.${titleKey}`);
  const data = user.data;
  // Decision 0029: "Verificada" only once the review approved it; `kyc` 1 alone means the form was sent.
  const identity = data?.kycState ?? (data?.kyc === 1 ? 'pending' : 'none');
  const verified = identity === 'approved';
  const identityLabel = {
    approved: 'account.kycDone',
    pending: 'account.kycPending',
    rejected: 'account.kycRejected',
    none: 'account.kycMissing',
  }[identity];
  const signOut = async () => {
    await logout();
    void navigate('/home');
  };
  return (
    <section className="page engage-page" aria-labelledby="page-title">
      <PageHeader title={title} />
      <h2 id="page-title" className="visually-hidden">
        {title}
      </h2>
      {!token ? (
        <LoginFirst />
      ) : !data ? (
        <LoadState failed={user.isError} onRetry={() => void user.refetch()} />
      ) : (
        <div className="engage-body">
          <section className="engage-card account-profile" aria-label={t('account.profile')}>
            <Button
              variant="bare"
              className="account-avatar"
              aria-label={t('account.avatar')}
              onClick={() => openOverlay('myPanel')}
            >
              <Avatar index={data.header} />
            </Button>
            <div className="account-who">
              <strong className="account-name">{data.username}</strong>
              <Link to="/vip" className="account-level">
                <span className="account-level-badge">
                  <VipBadge level={data.level} />
                </span>
                {t('vip.levelName', { level: data.level })}
              </Link>
            </div>
          </section>

          <dl className="engage-card account-facts">
            <div>
              <dt>{t('account.uid')}</dt>
              <dd>{data.uId}</dd>
            </div>
            <div>
              <dt>{t('account.invite')}</dt>
              <dd>{data.yqm}</dd>
            </div>
            <div>
              <dt>{t('account.since')}</dt>
              <dd>{formatDate(data.time, localeInfo(locale).intlTag)}</dd>
            </div>
            <div>
              <dt>{t('account.balance')}</dt>
              <dd>{formatMoney(data.balance, locale)}</dd>
            </div>
            <div>
              <dt>{t('bonus.balance')}</dt>
              <dd>{formatMoney(data.freeBalance, locale)}</dd>
            </div>
          </dl>

          <section className="engage-card account-row" aria-labelledby="account-kyc">
            <div>
              <h3 id="account-kyc" className="engage-heading">
                {t('account.kyc')}
              </h3>
              <span className={verified ? 'engage-tag engage-tag-done' : 'engage-tag'}>
                {t(identityLabel)}
              </span>
              {identity === 'rejected' && data.kycReason ? (
                <p className="engage-muted">{t('account.kycReason', { reason: data.kycReason })}</p>
              ) : null}
            </div>
            {identity === 'none' || identity === 'rejected' ? (
              <Button variant="primary" size="small" onClick={() => openOverlay('editBank')}>
                {t(identity === 'rejected' ? 'account.kycRetry' : 'account.kycAction')}
              </Button>
            ) : null}
          </section>

          <nav className="engage-card account-links" aria-label={t('account.settings')}>
            <Link className="account-link" to="/limites">
              {t('account.limits')}
            </Link>
            <Button variant="bare" className="account-link" onClick={() => openOverlay('changePassword')}>
              {t('account.password')}
            </Button>
            <Link className="account-link" to="/registros">
              {t('account.records')}
            </Link>
          </nav>

          <section className="engage-card">
            <label className="engage-heading" htmlFor="account-language">
              {t('account.language')}
            </label>
            <select
              id="account-language"
              className="input account-language"
              value={locale}
              onChange={(event) => void changeLocale(event.target.value as LocaleCode)}
            >
              {locales.map((entry) => (
                <option key={entry.code} value={entry.code} lang={entry.intlTag}>
                  {entry.nativeName}
                </option>
              ))}
            </select>
          </section>

          <Button variant="ghost" block onClick={() => void signOut()}>
            {t('common:settings.logout')}
          </Button>
        </div>
      )}
    </section>
  );
}
