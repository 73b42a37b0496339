import { useTranslation } from 'react-i18next';
import '../info.css';

const SECTIONS = ['collect', 'use', 'keep', 'rights'] as const;

export function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <article className="page info prose">
      <h1>{t('privacy.title')}</h1>
      <p className="muted">{t('privacy.updated')}</p>
      {SECTIONS.map((key) => (
        <section key={key}>
          <h2>{t(`privacy.sections.${key}.title`)}</h2>
          <p>{t(`privacy.sections.${key}.body`)}</p>
        </section>
      ))}
    </article>
  );
}
