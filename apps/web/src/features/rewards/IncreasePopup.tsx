import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OverlayProps } from '../../components/overlay-props';
import { formatAmount } from '../../lib/format';
import { usePrefs } from '../../lib/prefs';
import { useRealtime } from '../../lib/realtime-store';
import { countUpDurationMs, countUpValue } from './count-up';
import './rewards.css';
import { Sheet } from '../../components/ui/Sheet';

/** The bet-increase popup: counts from amount to amount × bouns (2 decimals), then 'RECEBER'. */
export default function IncreasePopup({ visible, onClose }: OverlayProps) {
  const { t } = useTranslation();
  const locale = usePrefs((state) => state.locale);
  const event = useRealtime((state) => state.betIncrease);
  const [shown, setShown] = useState(event?.amount ?? 0);

  useEffect(() => {
    if (!visible || !event) return;
    const from = event.amount;
    const to = event.amount * event.bouns;
    const startedAt = performance.now();
    let frame = 0;
    const tick = (now: number) => {
      const elapsed = now - startedAt;
      setShown(countUpValue(from, to, elapsed));
      if (elapsed < countUpDurationMs) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [visible, event]);

  return (
    <Sheet
      position="center"
      visible={visible}
      onClose={onClose}
      title={t('increase.title')}
      closable={false}
      className="increase-popup"
    >
      <output className="increase-amount" aria-live="polite">
        {formatAmount(shown, locale)}
      </output>
      <button type="button" className="btn btn-gold btn-block" onClick={onClose}>
        {t('increase.claim')}
      </button>
    </Sheet>
  );
}
