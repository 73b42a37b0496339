import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FOOTER_PAGES, LINKS, OWN_FOOTER_PAGES, officePage } from '../../config/links';
import { PATHS } from '../../config/paths';
import { LogoMark } from '../icons';

const GROUPS = {
  company: ['aboutUs', 'announcement', 'news', 'academy', 'referral'],
  legal: ['lawEnforcement', 'privacyPolicy', 'serviceTerms', 'tradingRules', 'fee'],
} as const;

export function Footer() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const social = lang.startsWith('zh') ? LINKS.socialZh : LINKS.socialEn;
  const external = { target: '_blank', rel: 'noopener noreferrer' } as const;
  const pageOf = (key: string) => FOOTER_PAGES.find((p) => p.key === key)?.path ?? '/';
  return (
    <footer className="app-footer">
      <div className="container app-footer__grid">
        <div className="app-footer__brand">
          <span className="brand">
            <LogoMark />
            <span className="brand__name">{t('app.brand')}</span>
          </span>
          <p className="muted">{t('landing.eyebrow')}</p>
        </div>
        {(Object.keys(GROUPS) as (keyof typeof GROUPS)[]).map((group) => (
          <div key={group}>
            <h2 className="app-footer__title">{t(`footer.${group}`)}</h2>
            <ul className="app-footer__links">
              {GROUPS[group].map((key) => {
                // The fee schedule is always this exchange's own page (it reads the live rates);
                // without an office website, so are the legal pages and the news, and the pages
                // only an office website has are left out.
                const own = key === 'fee' || !LINKS.officeWebsite ? OWN_FOOTER_PAGES[key] : null;
                if (!own && !LINKS.officeWebsite) return null;
                return (
                  <li key={key}>
                    {own ? (
                      <Link to={own}>{t(`footer.${key}`)}</Link>
                    ) : (
                      <a href={officePage(lang, pageOf(key))} {...external}>
                        {t(`footer.${key}`)}
                      </a>
                    )}
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
        <div>
          <h2 className="app-footer__title">{t('footer.resources')}</h2>
          <ul className="app-footer__links">
            <li>
              <Link to={PATHS.help}>{t('nav.help')}</Link>
            </li>
            <li>
              <Link to={PATHS.exchangeRates}>{t('rates.title')}</Link>
            </li>
            <li>
              <Link to={PATHS.privacy}>{t('privacy.title')}</Link>
            </li>
            <li>
              <a href={`mailto:${LINKS.supportEmail}`}>{t('footer.support')}</a>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="app-footer__title">{t('footer.community')}</h2>
          <ul className="app-footer__links">
            <li>
              <a href={LINKS.videoChannel} {...external}>
                {t('footer.video')}
              </a>
            </li>
            {social.map((s) => (
              <li key={s.name}>
                <a href={s.href} {...external}>
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="container">
        <p className="app-footer__rights muted">
          {t('footer.rights', { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
}
