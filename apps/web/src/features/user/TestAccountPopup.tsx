import { useTranslation } from 'react-i18next';
import type { OverlayProps } from '../../components/overlay-props';
import { formatMoney } from '../../lib/format';
import { usePrefs } from '../../lib/prefs';
import { useUserTest } from './api/getUserTest';
import './user.css';
import { Button } from '../../components/ui/Button';
import { Sheet } from '../../components/ui/Sheet';

/** A test account's credentials, shown once (spec.md section 6). */
export default function TestAccountPopup({ visible, onClose }: OverlayProps) {
  const { t } = useTranslation();
  const locale = usePrefs((state) => state.locale);
  const { data } = useUserTest(visible);
  return (
    <Sheet position="center" visible={visible} onClose={onClose} title={t('test.title')} closable={false}>
      <p className="test-intro">{t('test.intro')}</p>
      <dl className="test-credentials">
        <dt>{t('test.username')}</dt>
        <dd>{data?.username ?? '-'}</dd>
        <dt>{t('test.password')}</dt>
        <dd>{data?.pwd ?? '-'}</dd>
        <dt>{t('test.balance')}</dt>
        <dd>{formatMoney(data?.balance, locale)}</dd>
      </dl>
      <Button variant="primary" block onClick={onClose}>
        {t('actions.ok')}
      </Button>
    </Sheet>
  );
}
