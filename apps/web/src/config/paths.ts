import {
  FIAT_DEPOSIT_CURRENCIES,
  FLASH_CONFIRM_PAGE,
  flashConfirmPage,
  FIAT_WITHDRAWAL_CURRENCIES,
  PARTNER_BANK_CURRENCIES,
  type LegalDocumentSlug,
} from '@exchange/contracts';
/** Every route path of the client (spec platform-shell section 2), in one place. */
export const PATHS = {
  root: '/',
  home: '/home',
  market: '/market',
  help: '/home/help',
  exchangeRates: '/home/exchangeRates',
  privacy: '/home/privacy',
  news: '/news',
  /** The operator's legal and about pages: legalPath(slug). */
  legal: '/legal/:slug',
  messageCenter: '/MessageCenter',
  login: '/login',
  forgotPassword: '/login/forgetPassword',
  registerSuccess: '/login/registerSuccess',
  tradeSpot: '/trade/spot',
  tradeSwap: '/trade/swap',
  /** Trade for Reward: the Trial mode's periods, their rules and leaderboards (public). */
  tradeForReward: '/trade-for-reward',
  accountCenter: '/accountCenter',
  wallet: '/accountCenter/wallet',
  orders: '/accountCenter/orders',
  security: '/accountCenter/security',
  /** Account cancellation, reached from the security settings (the spec shows no path). */
  cancellation: '/accountCenter/security/cancellation',
  address: '/accountCenter/address',
  bankCardManage: '/accountCenter/bankCardManage',
  transactionHistory: '/accountCenter/transactionHistory',
  fiatHistory: '/accountCenter/orders/fiatHistory',
  identity: '/accountCenter/identity',
  individualKyc: '/accountCenter/identity/individualKyc',
  institutionKyc: '/accountCenter/identity/institutionKyc',
  /** The certification centre's partner-bank account opening and e-KYC (no path in the spec). */
  bankAccount: '/accountCenter/identity/bankAccount',
  fiatChannel: '/fiatChannel/JYB',
  otherFiatChannel: '/fiatChannel/ortherJYB',
  withdrawAssets: '/withdrawAssets/JYB',
  flashRemittance: '/flashRemittance/initiateFlash',
  flashHistory: '/flashRemittance/history',
  /** The confirmation view of one remittance: flashConfirmPath(id). */
  flashConfirm: FLASH_CONFIRM_PAGE,
  flashWhitelist: '/accountCenter/flashWhitelist',
  foreignExchange: '/foreignExchange',
  rapidBuy: '/rapidBuy',
  cryptoChannel: '/cryptoChannel',
  fee: '/fee',
  fundFlow: '/accountCenter/fundFlow',
  statements: '/accountCenter/statements',
  mobile: '/m',
  mobileRegisterResult: '/m/register/result',
  mobileIdentity: '/m/identity',
  mobileIndividualKyc: '/m/identity/individualKyc',
  mobileInstitutionKyc: '/m/identity/institutionKyc',
  mobileDeposit: '/m/deposit',
  mobileHelp: '/m/help',
} as const;

/**
 * The site's pages that have an embedded twin under /m: a link inside an embedded page stays
 * embedded (no header, footer or setup widget appears in the app's web view).
 */
export const MOBILE_TWINS: Readonly<Record<string, string>> = {
  [PATHS.identity]: PATHS.mobileIdentity,
  [PATHS.individualKyc]: PATHS.mobileIndividualKyc,
  [PATHS.institutionKyc]: PATHS.mobileInstitutionKyc,
  [PATHS.cryptoChannel]: PATHS.mobileDeposit,
  [PATHS.help]: PATHS.mobileHelp,
};

/** Embedded pages open to anyone; the other /m pages need the app's logged-in session. */
const PUBLIC_MOBILE_PATHS: readonly string[] = [
  PATHS.mobile,
  PATHS.mobileRegisterResult,
  PATHS.mobileHelp,
];

/** Pages anyone may open; every other page hides its content until the user logs in. */
const PUBLIC_PATHS: readonly string[] = [
  PATHS.root,
  PATHS.home,
  PATHS.market,
  PATHS.help,
  PATHS.exchangeRates,
  PATHS.privacy,
  PATHS.news,
  PATHS.messageCenter,
  PATHS.fee,
  PATHS.tradeForReward,
];

/** One of the operator's legal or about pages (terms, privacy policy, trading rules, ...). */
export function legalPath(slug: LegalDocumentSlug): string {
  return PATHS.legal.replace(':slug', slug);
}

function trimSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** Any path under /login is public except /login/registerSuccess; so are some embedded /m pages. */
export function isPublicPath(pathname: string): boolean {
  const path = trimSlash(pathname);
  if (path === PATHS.registerSuccess) return false;
  if (path === PATHS.login || path.startsWith(`${PATHS.login}/`)) return true;
  // The spot market is watchable without an account; the order form invites the visitor to log in.
  if (path === PATHS.tradeSpot || path.startsWith(`${PATHS.tradeSpot}/`)) return true;
  if (PUBLIC_MOBILE_PATHS.includes(path)) return true;
  if (path.startsWith(PATHS.legal.replace(':slug', ''))) return true;
  return PUBLIC_PATHS.includes(path);
}

export function isMobileEmbedPath(pathname: string): boolean {
  return pathname === PATHS.mobile || pathname.startsWith(`${PATHS.mobile}/`);
}

/** A redirect target must stay on this site: a path, not `//host` or a full URL. */
export function isSafeRedirect(target: string | null | undefined): target is string {
  return typeof target === 'string' && /^\/(?![/\\])/.test(target);
}

/** The spot trading screen of a pair. */
export const tradePath = (symbol: string) => `${PATHS.tradeSpot}/${encodeURIComponent(symbol)}`;

/** /cryptoChannel on a tab, with a coin chosen (the wallet's buttons lead there). */
export function cryptoChannelPath(tab: 'deposit' | 'withdraw' | 'transfer', coin?: string): string {
  const q = new URLSearchParams({ tab });
  if (coin) q.set('coin', coin);
  return `${PATHS.cryptoChannel}?${q.toString()}`;
}

export function loginPath(redirectPath?: string, type: 'login' | 'register' = 'login'): string {
  const params = new URLSearchParams();
  if (type !== 'login') params.set('type', type);
  if (redirectPath && isSafeRedirect(redirectPath)) params.set('redirect_path', redirectPath);
  const qs = params.toString();
  return qs ? `${PATHS.login}?${qs}` : PATHS.login;
}

/** The confirmation view of a flash remittance (the recipient agrees or rejects there). */
export const flashConfirmPath = flashConfirmPage;

/** Where a fiat currency is withdrawn (to the linked bank account), or null where it cannot be. */
export function fiatWithdrawPath(currency: string): string | null {
  return (FIAT_WITHDRAWAL_CURRENCIES as readonly string[]).includes(currency)
    ? PATHS.withdrawAssets
    : null;
}

/**
 * Where a fiat currency is deposited: the bank transfer page for the partner bank's currencies,
 * the card page (with the currency chosen) for the other deposit currencies; null otherwise.
 */
export function fiatDepositPath(currency: string): string | null {
  if ((PARTNER_BANK_CURRENCIES as readonly string[]).includes(currency)) return PATHS.fiatChannel;
  if ((FIAT_DEPOSIT_CURRENCIES as readonly string[]).includes(currency))
    return `${PATHS.otherFiatChannel}?currency=${currency}`;
  return null;
}
