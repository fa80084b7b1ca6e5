import type { PageProps } from '../../components/page-props';
import { LegalPage } from './LegalPage';

const sections = ['about', 'age', 'account', 'money', 'bets', 'bonus', 'responsible', 'contact'] as const;

/** /termos: the terms and conditions the registration form links to. */
export default function TermsPage({ titleKey }: PageProps) {
  return <LegalPage titleKey={titleKey} document="terms" sections={sections} />;
}
