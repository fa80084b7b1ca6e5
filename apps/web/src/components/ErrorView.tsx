import { useTranslation } from 'react-i18next';
import './page.css';
import { Button } from './ui/Button';

/** An error screen with one way out. The default reloads home, which also recovers from a failed chunk. */
export function ErrorView({
  title,
  message,
  onHome,
}: {
  title: string;
  message: string;
  onHome?: () => void;
}) {
  const { t } = useTranslation();
  const home = onHome ?? (() => window.location.assign('/home'));
  return (
    <section className="page error-view" role="alert">
      <svg viewBox="0 0 64 64" className="error-art" aria-hidden="true" focusable="false">
        <circle cx="32" cy="32" r="28" fill="#13203a" stroke="#ff6b7a" strokeWidth="3" />
        <path d="M32 17v20" stroke="#ff6b7a" strokeWidth="5" strokeLinecap="round" />
        <circle cx="32" cy="46" r="3.5" fill="#ff6b7a" />
      </svg>
      <h1 className="error-title">{title}</h1>
      <p className="error-message">{message}</p>
      <Button variant="primary" onClick={home}>
        {t('actions.goHome')}
      </Button>
    </section>
  );
}
