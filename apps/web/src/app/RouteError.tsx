import { useTranslation } from 'react-i18next';
import { ErrorView } from '../components/ErrorView';

/** Shown when a page throws or its chunk cannot be loaded (including the 120 s chunk timeout). */
export function RouteError() {
  const { t } = useTranslation();
  return <ErrorView title={t('error.title')} message={t('error.body')} />;
}
