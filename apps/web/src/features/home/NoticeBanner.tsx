import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/Icon';
import { useRealtime } from '../../lib/realtime-store';

/** The latest notice pushed by the socket (`notice` event); hidden until one arrives. */
export function NoticeBanner() {
  const { t } = useTranslation();
  const notice = useRealtime((state) => state.notice);
  const setNotice = useRealtime((state) => state.setNotice);
  if (!notice) return null;
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
      <button
        type="button"
        className="icon-button"
        aria-label={t('notice.close')}
        onClick={() => setNotice(null)}
      >
        <Icon name="close" />
      </button>
    </section>
  );
}
