import { DEFAULT_LANGUAGE, errorTranslationsEn } from '@exchange/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './locales/en';

/** English only for now; other locales add a `translation` and an `errors` namespace each. */
export const i18n = i18next.createInstance();

i18n.on('languageChanged', (lng) => {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lng;
  document.documentElement.dir = i18n.dir(lng);
});

// Resources are bundled, so initialisation is synchronous and the first render is translated.
void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [DEFAULT_LANGUAGE],
  ns: ['translation', 'errors'],
  defaultNS: 'translation',
  resources: { en: { translation: en, errors: errorTranslationsEn } },
  interpolation: { escapeValue: false }, // React escapes.
  initAsync: false,
});
