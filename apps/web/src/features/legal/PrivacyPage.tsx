import type { PageProps } from '../../components/page-props';
import { LegalPage } from './LegalPage';

// What the LGPD (Lei 13.709/2018, art. 9) says a player must be told: who, what, why, with whom, how long,
// their rights, and whom to ask.
const sections = [
  'controller',
  'collected',
  'purposes',
  'sharing',
  'retention',
  'rights',
  'security',
  'contact',
] as const;

/** /privacidade: the privacy policy the registration form links to. */
export default function PrivacyPage({ titleKey }: PageProps) {
  return <LegalPage titleKey={titleKey} document="privacy" sections={sections} />;
}
