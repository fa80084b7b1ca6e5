import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../components/page-props';
import { rgNamespace } from './rg-i18n';
import './rg.css';

const SECTIONS = ['adult', 'play', 'signs', 'tools', 'help'] as const;
const SIGNS = ['chasing', 'money', 'time', 'secret', 'mood'] as const;

/** /jogo-responsavel: the help text the footer's '18+' and 'Jogue com responsabilidade' links open. */
export default function HelpPage({ titleKey }: PageProps) {
  const { t } = useTranslation(rgNamespace);
  const { t: tc } = useTranslation();
  return (
    <article className="page rg-page rg-help" aria-labelledby="page-title">
      <PageHeader title={tc(`pages.${titleKey}`)} />
      <h2 id="page-title" className="visually-hidden">
        {tc(`pages.${titleKey}`)}
      </h2>
      {SECTIONS.map((section) => (
        <section key={section} className="rg-card" id={`rg-help-${section}`}>
          <h3 className="rg-title">{t(`help.${section}.title`)}</h3>
          <p>{t(`help.${section}.body`)}</p>
          {section === 'signs' ? (
            <ul className="rg-list">
              {SIGNS.map((sign) => (
                <li key={sign}>{t(`help.signs.${sign}`)}</li>
              ))}
            </ul>
          ) : null}
          {section === 'tools' ? <Link to="/limites">{t('help.tools.link')}</Link> : null}
          {section === 'help' ? (
            <ul className="rg-list">
              <li>{t('help.help.cvv')}</li>
              <li>{t('help.help.caps')}</li>
              <li>{t('help.help.ja')}</li>
            </ul>
          ) : null}
        </section>
      ))}
    </article>
  );
}
