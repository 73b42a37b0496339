import { DEFAULT_LANGUAGE, ERROR_TRANSLATIONS, LANGUAGES } from '@exchange/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isRtl, type LanguageCode } from '../lib/language';
import { en, type Messages } from './locales/en';

/**
 * English is bundled so the first render is translated; other languages are loaded on demand
 * (their own chunks) before the app renders in them.
 */
export const i18n = i18next.createInstance();

i18n.on('languageChanged', (lng) => {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lng;
  document.documentElement.dir = isRtl(lng) ? 'rtl' : 'ltr';
});

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES.map((l) => l.value),
  ns: ['translation', 'errors'],
  defaultNS: 'translation',
  resources: { en: { translation: en, errors: ERROR_TRANSLATIONS.en } },
  interpolation: { escapeValue: false }, // React escapes.
  initAsync: false,
});

const loaders: Record<Exclude<LanguageCode, 'en'>, () => Promise<Messages>> = {
  'zh-CN': () => import('./locales/zh-cn').then((m) => m.zhCn),
  'zh-TW': () => import('./locales/zh-tw').then((m) => m.zhTw),
  ar: () => import('./locales/ar').then((m) => m.ar),
  fr: () => import('./locales/fr').then((m) => m.fr),
  de: () => import('./locales/de').then((m) => m.de),
  ja: () => import('./locales/ja').then((m) => m.ja),
  ko: () => import('./locales/ko').then((m) => m.ko),
};

/** Loads a language's texts (once) and makes it the active one. */
export async function activateLanguage(language: LanguageCode): Promise<void> {
  if (language !== 'en' && !i18n.hasResourceBundle(language, 'translation')) {
    const messages = await loaders[language]();
    i18n.addResourceBundle(language, 'translation', messages, true, true);
    i18n.addResourceBundle(language, 'errors', ERROR_TRANSLATIONS[language], true, true);
  }
  await i18n.changeLanguage(language);
}
