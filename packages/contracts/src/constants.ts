/**
 * Business constants of both specification documents (section 9 of each), by name.
 * Durations are milliseconds unless the name says otherwise.
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// ---- Platform shell, section 9 ----
export const REQUEST_TIMEOUT_MS = 30_000;
export const SOCKET_HEARTBEAT_INTERVAL_MS = 20 * SECOND;
export const SOCKET_REPLY_TIMEOUT_MS = 30 * SECOND;
export const SOCKET_RETRY_DELAY_MS = 500;
export const SOCKET_OPERATION_TIMEOUT_MS = 10 * SECOND;
export const ORDER_EVENT_DEBOUNCE_MS = 500;
/** Internal socket codes of the client: heartbeat timeout and forced reconnect. */
export const SOCKET_HEARTBEAT_TIMEOUT_CODE = 4888;
export const SOCKET_FORCED_RECONNECT_CODE = 4889;
/**
 * Close codes of a connection whose session ended: 4003 when the account logged in elsewhere,
 * 4010 otherwise (logout, expiry, password reset), standing for 401, which is no valid close
 * code. A `sessionEnded` message with the catalogue code comes first.
 */
export const SOCKET_LOGGED_IN_ELSEWHERE_CLOSE_CODE = 4003;
export const SOCKET_SESSION_ENDED_CLOSE_CODE = 4010;

export const LOGIN_COOKIE_NAME = 'token';
export const LOGIN_COOKIE_MAX_AGE_SECONDS = 259_200;

export const DEFAULT_LANGUAGE = 'en';
export const DEFAULT_THEME = 'dark';
export const DEFAULT_RUNTIME_MODE = 0;
export const DEFAULT_USER_TYPE = 'INDIVIDUAL';
/** 1 = Monday. */
export const WEEK_STARTS_ON = 1;

/** Language detection order of the client. */
export const LANGUAGE_DETECTION_ORDER = [
  'path',
  'querystring',
  'localStorage',
  'navigator',
] as const;
export const LANGUAGE_DETECTION_PREFIXES = ['id', 'en', 'zh', 'lt'] as const;

export const CURRENCY_FORMATS = {
  en: { prefix: '$', decimals: 2 },
  id: { prefix: 'Rp', decimals: 2 },
  zh: { prefix: '¥', decimals: 2 },
} as const;
export const DEFAULT_MONEY_LOCALE = 'id';
export const NUMBER_ABBREVIATIONS = ['K', 'M', 'B', 'T'] as const;
export const THOUSANDS_GROUP_SIZE = 3;
export const MISSING_VALUE_TEXT = '-';

export const QUERY_CACHE_TIME_MS = 5 * MINUTE;
export const QUERY_RETRY_BASE_DELAY_MS = 1000;
export const QUERY_RETRY_MAX_DELAY_MS = 30_000;
export const QUERY_DEFAULT_RETRIES = 0;

export const HEADER_HEIGHT_PX = 68;
export const CONTENT_TOP_PADDING_PX = 80;
export const MOBILE_BREAKPOINT_PX = 768;
export const LAZY_LOAD_DELAY_MS = 200;
export const DOWNLOAD_QR_SIZE_PX = 128;
export const BUILD_TIME_STAMP = '2025-07-10 09:38:07';

export const DATE_PICKER_MIN = '1900-01-01';
export const DATE_PICKER_MAX = '2099-12-31';

// ---- Paging (platform shell, section 7) ----
export const FIRST_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

// ---- Trading and account domain, section 9 ----
export const RISK_REVIEW_MIN_MS = 1 * MINUTE;
export const RISK_REVIEW_MAX_MS = 2 * MINUTE;
export const DEPOSIT_RETRY_AFTER_MS = 10 * MINUTE;
export const CRYPTO_DEPOSIT_FREEZE_MS = 24 * HOUR;
export const FIAT_WITHDRAWAL_FREEZE_MS = 24 * HOUR;
export const SECURITY_LOCK_MS = 24 * HOUR;
export const FLASH_REMITTANCE_APPROVAL_WINDOW_MS = 12 * HOUR;
export const FOREIGN_EXCHANGE_DURATION_MS = 30 * MINUTE;
export const QUERY_HISTORY_MONTHS = 6;
export const EMAIL_CODE_LENGTH = 6;
export const EMAIL_CODE_TTL_MS = 10 * MINUTE;
export const GOOGLE_CODE_LENGTH = 6;
export const GOOGLE_CODE_STEP_MS = 30 * SECOND;
export const VERIFICATION_LINK_TTL_MS = 1 * HOUR;
export const ACCOUNT_CANCELLATION_REVIEW_BUSINESS_DAYS = { min: 7, max: 15 } as const;

export const HONG_KONG_TIME_ZONE = 'Asia/Hong_Kong';
/** Fiat withdrawals go to the bank on the next business day within Hong Kong banking hours. */
export const HONG_KONG_BANKING_HOURS = { startHour: 9, endHour: 17 } as const;

/** Fee rates as decimal strings: exact, never floats. */
export const CRYPTO_WITHDRAWAL_FEE_RATE = '0.01';
export const CARD_CHANNEL_FEE_RATE = '0.047';
export const CARD_CHANNEL_FIXED_FEE_USD = '0.3';
export const MAX_CARD_RECHARGE_USD = '1000000';
export const INTERMEDIARY_BANK_FEE_USD = { min: '10', max: '12' } as const;
/** Advertised as free: fiat deposit, flash remittance, foreign exchange, rapid buy, spot trade. */
export const FREE_SERVICES = [
  'FIAT_DEPOSIT',
  'FLASH_REMITTANCE',
  'FOREIGN_EXCHANGE',
  'RAPID_BUY',
  'SPOT_TRADE',
] as const;
export const DEFAULT_SPOT_FEE_RATE = '0';

export const NOTE_MIN_LENGTH = 2;
export const NOTE_MAX_LENGTH = 30;
/** A second message of the spec caps notes at 100 characters; 30 is the rule enforced. */
export const NOTE_HARD_MAX_LENGTH = 100;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 20;
/** A local part shorter than this is not looked for inside a password (any word would match). */
export const PASSWORD_EMAIL_PART_MIN_LENGTH = 3;
export const KYC_TEXT_MAX_LENGTH = 100;
export const SHAREHOLDER_ID_THRESHOLD_PERCENT = 25;

export const ANNUAL_TRANSACTION_COUNT_BANDS = ['1-99', '100-199', '200+'] as const;
export const ANNUAL_AMOUNT_BANDS_USD = [
  'UNDER_100K',
  '100K_500K',
  '500K_1M',
  '1M_3M',
  '3M_5M',
  'ABOVE_5M',
] as const;

export const FIAT_DEPOSIT_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'CNH',
  'SGD',
  'JPY',
  'CAD',
  'AUD',
  'NZD',
  'NOK',
  'THB',
  'CHF',
  'HKD',
] as const;
/** The partner bank account supports these currencies only. */
export const PARTNER_BANK_CURRENCIES = ['USD', 'EUR'] as const;
/**
 * The partner-bank (virtual) account's fees, in USD: the opening fee once when the bank opens
 * the account, and the virtual-account fee for each Hong Kong calendar month after the opening
 * month. Charged from the available USD balance (917001 / 917002); when it does not cover the
 * fee, the fee is owed and deducted from the next USD credit (917003 / 917004).
 */
export const PARTNER_BANK_FEE_CURRENCY = 'USD';
export const PARTNER_BANK_OPENING_FEE_USD = '20';
export const PARTNER_BANK_MONTHLY_FEE_USD = '5';
/** How long the bank's e-KYC link stays valid. */
export const PARTNER_BANK_EKYC_LINK_TTL_MS = 1 * HOUR;
export const SPOT_SYMBOL_COUNT = 10;
export const RAPID_BUY_PAIR = { from: 'USD', to: 'USDT' } as const;
/** Exchange rates are quoted per 100 units against this currency. */
export const EXCHANGE_RATE_QUOTE_CURRENCY = 'HKD';
export const EXCHANGE_RATE_UNITS = 100;

export const TIME = { SECOND, MINUTE, HOUR, DAY } as const;
