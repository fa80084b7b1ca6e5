import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ErrorView } from '../../components/ErrorView';
import type { PageProps } from '../../components/page-props';

/** /error: what went wrong (the server's words when it gave any) and a way home. */
export default function ErrorPage(_props: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state } = useLocation();
  const serverMessage = (state as { message?: unknown } | null)?.message;
  const message = typeof serverMessage === 'string' && serverMessage ? serverMessage : t('error.body');
  return (
    <ErrorView
      title={t('error.title')}
      message={message}
      onHome={() => void navigate('/home', { replace: true })}
    />
  );
}
