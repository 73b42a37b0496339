import { LegalPage } from '../../legal/components/legal-page';

/** /home/privacy: the operator's privacy policy (the legal page `privacy-policy`). */
export function PrivacyPage() {
  return <LegalPage slug="privacy-policy" />;
}
