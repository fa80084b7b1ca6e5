import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Icon } from './ui/Icon';
import './page.css';
import { Button } from './ui/Button';

/** A page's title bar with a back button; going back from a first visit lands on home. */
export function PageHeader({ title }: { title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = () => {
    // history.state.idx is React Router's position in its own history; 0 means nothing to go back to.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate('/home', { replace: true });
  };
  return (
    <header className="page-header">
      <Button variant="bare" className="icon-button" aria-label={t('actions.back')} onClick={back}>
        <Icon name="back" />
      </Button>
      <h1 className="page-title">{title}</h1>
      <span className="page-header-spacer" />
    </header>
  );
}
