/**
 * Addresses outside this client, from build-time configuration (VITE_* variables) with
 * self-hosting defaults. Everything that leaves the app is listed here and nowhere else.
 */
const env = import.meta.env as Record<string, string | undefined>;

function setting(name: string, fallback: string): string {
  const value = env[name];
  return value && value.trim() !== '' ? value.trim().replace(/\/+$/, '') : fallback;
}

export const LINKS = {
  /**
   * The marketing site; footer links hang under it with a language prefix. '' (the default):
   * none, and the footer links the exchange's own legal pages and news instead.
   */
  officeWebsite: setting('VITE_OFFICE_WEBSITE_URL', ''),
  /** The digital options product; '' (the default): not offered, no link. */
  digitalOptions: setting('VITE_DIGITAL_OPTIONS_URL', ''),
  /** Asset management site; this client's own wallet page stands in until it exists. */
  walletSite: setting('VITE_WALLET_SITE_URL', ''),
  /** Authentication site; '' is this client's own /login (development and self-hosting). */
  authSite: setting('VITE_AUTH_SITE_URL', ''),
  /** Installer the download QR code points to. */
  appInstaller: setting('VITE_APP_INSTALLER_URL', 'https://download.example.com/exchange.apk'),
  videoChannel: setting('VITE_VIDEO_CHANNEL_URL', 'https://www.youtube.com/'),
  socialEn: [
    { name: 'X', href: setting('VITE_SOCIAL_X_URL', 'https://x.com/') },
    { name: 'Telegram', href: setting('VITE_SOCIAL_TELEGRAM_URL', 'https://t.me/') },
  ],
  socialZh: [
    { name: 'Weibo', href: setting('VITE_SOCIAL_WEIBO_URL', 'https://weibo.com/') },
    { name: 'WeChat', href: setting('VITE_SOCIAL_WECHAT_URL', 'https://weixin.qq.com/') },
  ],
  supportEmail: setting('VITE_SUPPORT_EMAIL', 'support@example.com'),
} as const;

/** Footer pages of the office website, each under /{lang}. */
export const FOOTER_PAGES = [
  { key: 'aboutUs', path: '/about-us' },
  { key: 'announcement', path: '/announcement' },
  { key: 'news', path: '/news' },
  { key: 'academy', path: '/college' },
  { key: 'lawEnforcement', path: '/law-enforcement' },
  { key: 'referral', path: '/referral?invite=' },
  { key: 'privacyPolicy', path: '/privacy-policy' },
  { key: 'serviceTerms', path: '/service-terms' },
  { key: 'tradingRules', path: '/trading-rules' },
  { key: 'fee', path: '/fee' },
] as const;

/**
 * The footer's pages this exchange serves itself when no office website is set: the operator's
 * legal pages and the news. The others (academy, referral) exist only on an office website.
 */
export const OWN_FOOTER_PAGES: Readonly<Partial<Record<FooterPage, string>>> = {
  aboutUs: '/legal/about-us',
  announcement: '/news',
  news: '/news',
  lawEnforcement: '/legal/law-enforcement',
  privacyPolicy: '/legal/privacy-policy',
  serviceTerms: '/legal/service-terms',
  tradingRules: '/legal/trading-rules',
  fee: '/fee',
};
export type FooterPage = (typeof FOOTER_PAGES)[number]['key'];

export function officePage(lang: string, path: string): string {
  return `${LINKS.officeWebsite}/${lang}${path}`;
}

/** The account centre on the auth site (this client's own page when no auth site is set). */
export function accountCentreUrl(lang: string): string {
  return LINKS.authSite ? `${LINKS.authSite}/${lang}/accountCenter` : '/accountCenter';
}
