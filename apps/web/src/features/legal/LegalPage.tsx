import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { legalNamespace } from './legal-i18n';
import './legal.css';

/**
 * A legal text (decision 0034): the page title, when it was last changed, and numbered sections, each a
 * heading and a paragraph from the legal namespace, in the player's language.
 */
export function LegalPage({
  titleKey,
  document,
  sections,
}: {
  titleKey: string;
  document: 'terms' | 'privacy';
  sections: readonly string[];
}) {
  const { t } = useTranslation(legalNamespace);
  const { t: tc } = useTranslation();
  const title = tc(`pages.${titleKey}`);
  return (
    <article className="page legal-page" aria-labelledby="legal-title">
      <PageHeader title={title} />
      <h2 id="legal-title" className="visually-hidden">
        {title}
      </h2>
      <p className="legal-intro">{t('intro')}</p>
      <ol className="legal-sections">
        {sections.map((section) => (
          <li key={section} id={`${document}-${section}`} className="legal-section">
            <h3>{t(`${document}.${section}.title`)}</h3>
            <p>{t(`${document}.${section}.body`)}</p>
          </li>
        ))}
      </ol>
    </article>
  );
}
