import { useTranslation } from 'react-i18next';
import { LINKS } from '../../../config/links';
import '../info.css';

const QUESTIONS = ['account', 'kyc', 'modes', 'fees'] as const;

export function HelpPage() {
  const { t } = useTranslation();
  return (
    <section className="page info">
      <div className="page-head">
        <div>
          <h1>{t('help.title')}</h1>
          <p className="muted">{t('help.subtitle')}</p>
        </div>
      </div>
      <div className="faq">
        {QUESTIONS.map((key, i) => (
          <details key={key} className="faq__item" open={i === 0}>
            <summary>{t(`help.faq.${key}.q`)}</summary>
            <p className="muted">{t(`help.faq.${key}.a`)}</p>
          </details>
        ))}
      </div>
      <p className="muted info__foot">{t('help.contact', { email: LINKS.supportEmail })}</p>
    </section>
  );
}
