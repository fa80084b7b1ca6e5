import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { openOverlay } from '../../lib/overlays';

// Small pieces every engagement page shares.

/** A labelled bar from 0 to 100 %, with the figures beside it for those who do not read bars. */
export function ProgressBar({ label, fraction, text }: { label: string; fraction: number; text: string }) {
  const percent = Math.floor(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div className="engage-progress">
      <div className="engage-progress-row">
        <span>{label}</span>
        <span className="engage-progress-text">{text}</span>
      </div>
      <div
        className="engage-bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
      >
        <span className="engage-bar-fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

export function LoadState({ failed, onRetry }: { failed: boolean; onRetry(): void }) {
  const { t } = useTranslation('engage');
  if (!failed) return <p className="engage-state engage-muted">{t('loading')}</p>;
  return (
    <div className="engage-state" role="alert">
      <p>{t('loadFailed')}</p>
      <Button variant="ghost" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}

export function LoginFirst() {
  const { t } = useTranslation('engage');
  return (
    <div className="engage-state">
      <p>{t('loginPrompt')}</p>
      <Button variant="primary" onClick={() => openOverlay('login')}>
        {t('login')}
      </Button>
    </div>
  );
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function formatDate(time: number, intlTag: string, withTime = false): string {
  const key = `${intlTag}|${withTime}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      intlTag,
      withTime ? { dateStyle: 'short', timeStyle: 'short' } : { dateStyle: 'short' },
    );
    dateFormats.set(key, format);
  }
  return Number.isFinite(time) ? format.format(time) : '-';
}
