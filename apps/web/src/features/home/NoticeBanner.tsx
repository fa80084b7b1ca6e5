import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { Icon } from '../../components/ui/Icon';
import { useRealtime } from '../../lib/realtime-store';
import { useNotices } from './api/engage';

/**
 * The notice banner: the latest notice pushed by the socket (`notice` event), else the newest enabled notice
 * loaded with home (GET /api/app/main/notices). Closing one hides it until another arrives.
 */
export function NoticeBanner() {
  const { t } = useTranslation();
  const pushed = useRealtime((state) => state.notice);
  const setNotice = useRealtime((state) => state.setNotice);
  const { data: loaded } = useNotices();
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => new Set());
  const newest = loaded?.find((entry) => !dismissed.has(String(entry.id)));
  const notice = pushed ?? newest;
  if (!notice) return null;
  const close = () => {
    setDismissed((current) => new Set(current).add(String(notice.id)));
    setNotice(null);
  };
  return (
    <section className="notice-banner" aria-label={t('notice.label')} aria-live="polite">
      <svg viewBox="0 0 24 24" className="notice-icon" aria-hidden="true" focusable="false">
        <path d="M4 10v4h3l6 4V6L7 10z" fill="currentColor" />
        <path d="M16 9a4 4 0 0 1 0 6" stroke="currentColor" strokeWidth="2" fill="none" />
      </svg>
      <p className="notice-text">
        {notice.title ? <strong>{notice.title}: </strong> : null}
        {notice.content}
      </p>
      <Button variant="bare" className="icon-button" aria-label={t('notice.close')} onClick={close}>
        <Icon name="close" />
      </Button>
    </section>
  );
}
