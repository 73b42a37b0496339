/**
 * ISO 3166-1 alpha-2 codes offered by the country and nationality pickers. Names come from the
 * browser's Intl.DisplayNames in the page's language, so every language has them translated.
 */
export const COUNTRY_CODES = [
  'AD', 'AE', 'AF', 'AG', 'AL', 'AM', 'AO', 'AR', 'AT', 'AU', 'AZ', 'BA', 'BB', 'BD', 'BE', 'BF',
  'BG', 'BH', 'BI', 'BJ', 'BN', 'BO', 'BR', 'BS', 'BT', 'BW', 'BY', 'BZ', 'CA', 'CD', 'CF', 'CG',
  'CH', 'CI', 'CL', 'CM', 'CN', 'CO', 'CR', 'CU', 'CV', 'CY', 'CZ', 'DE', 'DJ', 'DK', 'DM', 'DO',
  'DZ', 'EC', 'EE', 'EG', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FM', 'FR', 'GA', 'GB', 'GD', 'GE', 'GH',
  'GM', 'GN', 'GQ', 'GR', 'GT', 'GW', 'GY', 'HK', 'HN', 'HR', 'HT', 'HU', 'ID', 'IE', 'IL', 'IN',
  'IQ', 'IR', 'IS', 'IT', 'JM', 'JO', 'JP', 'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW',
  'KZ', 'LA', 'LB', 'LC', 'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME',
  'MG', 'MH', 'MK', 'ML', 'MM', 'MN', 'MO', 'MR', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA',
  'NE', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NZ', 'OM', 'PA', 'PE', 'PG', 'PH', 'PK', 'PL', 'PT',
  'PW', 'PY', 'QA', 'RO', 'RS', 'RU', 'RW', 'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SI', 'SK', 'SL',
  'SM', 'SN', 'SO', 'SR', 'SS', 'ST', 'SV', 'SY', 'SZ', 'TD', 'TG', 'TH', 'TJ', 'TL', 'TM', 'TN',
  'TO', 'TR', 'TT', 'TV', 'TW', 'TZ', 'UA', 'UG', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VN', 'VU',
  'WS', 'YE', 'ZA', 'ZM', 'ZW',
] as const;

/** Residents of Mainland China and the US are not served for identity verification (spec section 1). */
export const REFUSED_COUNTRIES: readonly string[] = ['CN', 'US'];

export const isRefusedCountry = (code: string) => REFUSED_COUNTRIES.includes(code);

const namesCache = new Map<string, Intl.DisplayNames | null>();

/** The country's name in `language`; the code itself where the browser has no names. */
export function countryName(code: string, language: string): string {
  if (!namesCache.has(language)) {
    try {
      namesCache.set(language, new Intl.DisplayNames([language], { type: 'region' }));
    } catch {
      namesCache.set(language, null);
    }
  }
  const names = namesCache.get(language);
  // Mainland China is named so, since Hong Kong, Macao and Taiwan are served.
  return names?.of(code) ?? code;
}

/** Codes sorted by their name in `language`. */
export function sortedCountries(language: string): { code: string; name: string }[] {
  const collator = new Intl.Collator(language);
  return COUNTRY_CODES.map((code) => ({ code, name: countryName(code, language) })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
}
