import { z } from 'zod';
import { runtimeMode } from './runtime-mode.js';

/** Saved locally by the client under the `settings` key. */
export const settings = z.object({
  theme: z.enum(['light', 'dark']).default('dark'),
  redUp: z.boolean().default(false).describe('Whether red means price up'),
  runtimeMode: runtimeMode.default(0),
});
export type Settings = z.infer<typeof settings>;

/** Local storage keys of the client (spec platform-shell section 3). */
export const STORAGE_KEYS = {
  token: 'token',
  refreshToken: 'refreshToken',
  userInfo: 'userInfo',
  lastUserInfo: 'lastUserInfo',
  lastAccountName: 'lastAccountName',
  registerInfo: 'registerInfo',
  areaInfo: 'areaInfo',
  userType: 'userType',
  coinId: 'coinId',
  fiatId: 'fiatId',
  firstName: 'firstName',
  lastName: 'lastName',
  networkName: 'networkName',
  coinCode: 'coinCode',
  fiatCoinList: 'fiatCoinList',
  depositGuide: 'depositGuide',
  withdrawGuide: 'withdrawGuide',
  settings: 'settings',
  spotLayout: 'spotLayout',
  spotInterval: 'spotInterval',
  fiatDepositGuide: 'fiatDepositGuide',
  fiatWithdrawGuide: 'fiatWithdrawGuide',
  openingScreen: 'openingScreen',
  loginTimestamp: 'loginTimestamp',
  language: 'language',
  linkThisUrl: 'linkThisUrl',
  kycAccountStore: 'kycAccountStore',
} as const;

export const COOKIES = { token: 'token', inApp: 'inApp' } as const;

export const analyticsEvent = z.object({
  screen_view: z.string().optional(),
  type: z.string(),
  action: z.string(),
  value: z.number().optional(),
  uid: z.string().optional(),
});
