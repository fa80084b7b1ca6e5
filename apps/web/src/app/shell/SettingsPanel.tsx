import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Popup } from '../../components/antd';
import type { OverlayProps } from '../../components/overlay-props';
import { Icon } from '../../components/ui/Icon';
import { useEscape } from '../../components/ui/Sheet';
import { selfGames, useMainLists } from '../../features/home/api/main';
import { copyText } from '../../lib/clipboard';
import { openOverlay } from '../../lib/overlays';
import { logout } from '../../lib/session';
import { useToken } from '../../lib/token';
import { showToast } from '../../lib/ui';
import { useUserInfo } from '../../lib/user-info';
import { LanguagePicker } from './LanguagePicker';
import './panels.css';
import { Button } from '../../components/ui/Button';

const providers = [
  { code: 'PG', label: 'settings.pg' },
  { code: 'EVO', label: 'settings.evo' },
  { code: 'BG', label: 'settings.bg' },
] as const;

/** The settings side panel (spec.md section 2), sliding in from the left. */
export default function SettingsPanel({ visible, onClose }: OverlayProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useToken((state) => state.token);
  const { data: user } = useUserInfo();
  const { data: lists } = useMainLists();
  const email = user?.email || user?.username || '';
  useEscape(visible, onClose);

  const copyEmail = async () => {
    if (email && (await copyText(email))) void showToast(t('messages.copySuccess'));
  };
  const deposit = () => {
    onClose();
    openOverlay(token ? 'deposit' : 'login');
  };
  const records = () => {
    onClose();
    void navigate('/registros');
  };
  const signOut = async () => {
    onClose();
    await logout();
    void navigate('/home');
  };

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} position="left" destroyOnClose={false}>
      <nav className="side-panel" aria-label={t('settings.title')}>
        <div className="panel-top">
          <h2 className="popup-title">{t('settings.title')}</h2>
          <Button variant="bare" className="icon-button" aria-label={t('actions.close')} onClick={onClose}>
            <Icon name="close" />
          </Button>
        </div>

        {token ? (
          <Button variant="bare" className="panel-email" onClick={copyEmail} title={t('settings.copyHint')}>
            <span className="panel-email-label">{t('settings.email')}</span>
            <span className="panel-email-value">{email || '-'}</span>
            <Icon name="copy" />
          </Button>
        ) : (
          <div className="panel-guest">
            <p>{t('settings.guest')}</p>
            <div className="panel-row">
              <Button variant="ghost" onClick={() => openOverlay('login')}>
                {t('header.login')}
              </Button>
              <Button variant="primary" onClick={() => openOverlay('register')}>
                {t('header.register')}
              </Button>
            </div>
          </div>
        )}

        <div className="panel-actions">
          <Button variant="primary" block onClick={deposit}>
            {t('settings.deposit')}
          </Button>
          <Button variant="ghost" block onClick={records}>
            {t('settings.records')}
          </Button>
          {token ? (
            <Button variant="ghost" block className="panel-logout" onClick={signOut}>
              {t('settings.logout')}
            </Button>
          ) : null}
        </div>

        <section className="panel-slots" aria-label={t('settings.slots')}>
          {selfGames(lists).length > 0 ? <h3 className="panel-heading">{t('settings.slots')}</h3> : null}
          {providers.map((provider) => (
            <Link
              key={provider.code}
              className="panel-link"
              to={`/gameGroupList?productCode=${provider.code}`}
              onClick={onClose}
            >
              {t(provider.label)}
            </Link>
          ))}
        </section>

        <LanguagePicker />
      </nav>
    </Popup>
  );
}
