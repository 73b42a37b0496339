import { COUNTRY_CODES } from '@exchange/contracts';

const namesCache = new Map<string, Intl.DisplayNames | null>();

/** The country's name in `language` (Intl.DisplayNames); the code where the browser has none. */
export function countryName(code: string, language: string): string {
  if (!namesCache.has(language)) {
    try {
      namesCache.set(language, new Intl.DisplayNames([language], { type: 'region' }));
    } catch {
      namesCache.set(language, null);
    }
  }
  try {
    return namesCache.get(language)?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Every country of the contracts, sorted by its name in `language`. */
export function sortedCountries(language: string): { code: string; name: string }[] {
  const collator = new Intl.Collator(language);
  return COUNTRY_CODES.map((code) => ({ code, name: countryName(code, language) })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
}
