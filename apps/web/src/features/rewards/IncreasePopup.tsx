import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OverlayProps } from '../../components/overlay-props';
import { Button } from '../../components/ui/Button';
import { Sheet } from '../../components/ui/Sheet';
import { formatAmount, formatMoney } from '../../lib/format';
import { ApiError } from '../../lib/http';
import { useActionKey } from '../../lib/idempotency-key';
import { usePrefs } from '../../lib/prefs';
import { type BetIncrease, useRealtime } from '../../lib/realtime-store';
import { showToast } from '../../lib/ui';
import { useReceiveIncrease } from './api';
import { countUpDurationMs, countUpValue } from './count-up';
import './rewards.css';

/**
 * The bet-increase popup: counts from amount to amount × bouns (2 decimals, 2 s), then 'RECEBER' credits
 * the difference once (POST increase/receive; the server pays the last offer at most once).
 */
export default function IncreasePopup({ visible, onClose }: OverlayProps) {
  const { t } = useTranslation();
  const locale = usePrefs((state) => state.locale);
  const event = useRealtime((state) => state.betIncrease);
  const setBetIncrease = useRealtime((state) => state.setBetIncrease);
  const [shown, setShown] = useState(event?.amount ?? 0);
  const receive = useReceiveIncrease();
  // One key per offer: a retry of the same offer is the same claim.
  const keys = useActionKey<BetIncrease | null>();

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

  const onReceive = () => {
    if (!event) return onClose();
    receive.mutate(keys.keyFor(event), {
      onSuccess() {
        keys.settle();
        setBetIncrease(null);
        onClose();
        const gained = Math.round(event.amount * (event.bouns - 1) * 100) / 100;
        void showToast(t('engage:increase.received', { amount: formatMoney(gained, locale) }));
      },
      onError(error) {
        // A refusal (already received, no offer) is final and the alert says why; a lost answer may be retried.
        if (error instanceof ApiError && (error.kind === 'timeout' || error.kind === 'network')) return;
        keys.settle();
        setBetIncrease(null);
        onClose();
      },
    });
  };

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
      <p className="increase-note">{t('engage:increase.note')}</p>
      <Button variant="gold" block busy={receive.isPending} onClick={onReceive}>
        {t('increase.claim')}
      </Button>
    </Sheet>
  );
}
