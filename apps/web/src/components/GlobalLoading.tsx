import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoading } from '../lib/loading';
import './page.css';

// Quick answers should not flash a spinner: show it only when a request takes longer than this.
const showAfterMs = 250;

/** The global loading indicator of spec.md section 4. It never blocks taps. */
export function GlobalLoading() {
  const { t } = useTranslation();
  const pending = useLoading((state) => state.pending > 0);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!pending) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), showAfterMs);
    return () => clearTimeout(timer);
  }, [pending]);
  if (!visible) return null;
  return (
    <div className="global-loading" role="status" aria-label={t('loadingIndicator')}>
      <span className="spinner" />
    </div>
  );
}
