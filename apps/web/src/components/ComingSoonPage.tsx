import { useTranslation } from 'react-i18next';
import { PageHeader } from './PageHeader';
import type { PageProps } from './page-props';
import './page.css';

/** The shared page for routes no issue has built yet: the title and "Em Breve...", nothing fake. */
export default function ComingSoonPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const title = t(`pages.${titleKey}`);
  return (
    <section className="page" aria-labelledby="page-title">
      <PageHeader title={title} />
      <div className="coming-soon">
        <h2 id="page-title" className="visually-hidden">
          {title}
        </h2>
        <p className="coming-soon-badge">{t('messages.comingSoon')}</p>
        <p className="coming-soon-text">{t('comingSoon.body')}</p>
      </div>
    </section>
  );
}
