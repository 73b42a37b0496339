import type { FastifyPluginAsync } from 'fastify';
import type { KycPluginOptions } from './identity/kyc/plugin.js';
import type { CryptoDepositPluginOptions } from './wallet/crypto-deposit/plugin.js';
import type { WithdrawalPluginOptions } from './wallet/withdrawal/plugin.js';
import type { FiatBankPluginOptions } from './fiat/fiat-bank/plugin.js';
import type { FiatDepositPluginOptions } from './fiat/fiat-deposit/plugin.js';
import type { FiatWithdrawalPluginOptions } from './fiat/fiat-withdrawal/plugin.js';
import socket from './platform/socket/plugin.js';
import notifications from './platform/notifications/plugin.js';
import catalogue from './platform/catalogue/plugin.js';
import news from './platform/news/plugin.js';
import legal from './platform/legal/plugin.js';
import logging from './platform/logging/plugin.js';
import files from './platform/files/plugin.js';
import user from './identity/user/plugin.js';
import security from './identity/security/plugin.js';
import auth from './identity/auth/plugin.js';
import kyc from './identity/kyc/plugin.js';
import cancellation from './identity/cancellation/plugin.js';
import balances from './wallet/balances/plugin.js';
import reports from './wallet/reports/plugin.js';
import cryptoDeposit from './wallet/crypto-deposit/plugin.js';
import withdrawal from './wallet/withdrawal/plugin.js';
import fiatBank from './fiat/fiat-bank/plugin.js';
import fiatDeposit from './fiat/fiat-deposit/plugin.js';
import fiatWithdrawal from './fiat/fiat-withdrawal/plugin.js';
import foreignExchange from './fiat/foreign-exchange/plugin.js';
import flashRemittance from './fiat/flash-remittance/plugin.js';
import marketData from './trading/market-data/plugin.js';
import exchangeRates from './trading/exchange-rates/plugin.js';
import orders from './trading/orders/plugin.js';
import settlement from './trading/settlement/plugin.js';
import marketMaker from './trading/market-maker/plugin.js';
import rapidBuy from './trading/rapid-buy/plugin.js';
import convert from './trading/convert/plugin.js';
import competition from './trading/competition/plugin.js';
import health from './operations/health/plugin.js';

/** The outside parties a feature may be given instead of its HTTP default (tests give fakes). */
export interface FeatureOptions
  extends KycPluginOptions,
    CryptoDepositPluginOptions,
    WithdrawalPluginOptions,
    FiatBankPluginOptions,
    FiatDepositPluginOptions,
    FiatWithdrawalPluginOptions {}

/**
 * Every feature, in the order the app loads them: each is a plugin with a name and the plugins it
 * depends on (fastify-plugin), owning its routes, jobs and decorations. A group comes after the
 * groups it leans on (the same direction as its imports), and within a group a feature after
 * those whose decorations it uses.
 */
export const FEATURES: readonly FastifyPluginAsync<FeatureOptions>[] = [
  // platform: what every domain stands on
  socket,
  notifications,
  catalogue,
  news,
  legal,
  logging,
  files,
  // identity: accounts, sessions, security settings, verification
  user,
  security,
  auth,
  kyc,
  cancellation,
  // wallet: the ledger's balances, crypto money in and out, statements
  balances,
  reports,
  cryptoDeposit,
  withdrawal,
  // fiat: the partner bank, fiat money in and out, FX, flash remittance
  fiatBank,
  fiatDeposit,
  fiatWithdrawal,
  foreignExchange,
  flashRemittance,
  // trading: market data, orders, settlement, the simulated market, Rapid Buy, Convert, Trade
  // for Reward
  marketData,
  exchangeRates,
  orders,
  settlement,
  marketMaker,
  rapidBuy,
  convert,
  competition,
  // operations: health and the exchange-wide metrics
  health,
];
