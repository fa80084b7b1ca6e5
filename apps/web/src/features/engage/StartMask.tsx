import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { OverlayProps } from '../../components/overlay-props';
import { Sheet } from '../../components/ui/Sheet';
import { useBonusesOffered } from '../../lib/offers';
import { removeStorage, storageKeys } from '../../lib/storage';
import startMaskUrl from './assets/start-mask.svg';
import './engage.css';
import { Button } from '../../components/ui/Button';

/**
 * The start mask after registration (spec.md section 2): an image that leads to the daily sign-in sheet.
 * Shown once: opening the sheet or closing the mask forgets the flag registration set.
 */
export default function StartMask({ visible, onClose }: OverlayProps) {
  const { t } = useTranslation('engage');
  const navigate = useNavigate();
  // It leads to the sign-in reward: none under the Brazilian licence.
  const offered = useBonusesOffered();
  const close = () => {
    removeStorage(storageKeys.startMask);
    onClose();
  };
  const go = () => {
    close();
    void navigate('/signInSheet');
  };
  return (
    <Sheet
      position="center"
      visible={visible && offered}
      onClose={close}
      title={t('startMask.title')}
      className="start-mask"
    >
      <Button variant="bare" className="start-mask-image" onClick={go} aria-label={t('startMask.action')}>
        <img src={startMaskUrl} alt="" />
        <span className="start-mask-text">{t('startMask.text')}</span>
        <span className="btn btn-gold btn-block">{t('startMask.action')}</span>
      </Button>
    </Sheet>
  );
}
