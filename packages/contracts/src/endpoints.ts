import type { Endpoint } from './endpoint.js';
import { AUTH_ENDPOINTS } from './auth.js';
import { CANCELLATION_ENDPOINTS } from './cancellation.js';
import { CATALOGUE_ENDPOINTS } from './catalogue.js';
import { CRYPTO_WALLET_ENDPOINTS } from './crypto-wallet.js';
import { BANK_CALLBACK_ENDPOINTS } from './fiat.js';
import { PARTNER_BANK_ACCOUNT_ENDPOINTS } from './fiat-bank.js';
import { FIAT_DEPOSIT_ENDPOINTS } from './fiat-deposit.js';
import { FIAT_WITHDRAWAL_ENDPOINTS } from './fiat-withdrawal.js';
import { FILE_ENDPOINTS } from './files.js';
import { FLASH_REMITTANCE_ENDPOINTS } from './flash-remittance.js';
import { FOREIGN_EXCHANGE_ENDPOINTS } from './foreign-exchange.js';
import { HEALTH_ENDPOINTS } from './health.js';
import { KYC_ENDPOINTS } from './kyc.js';
import { LOGGING_ENDPOINTS } from './logging.js';
import { MARKET_DATA_ENDPOINTS } from './market-data.js';
import { LEGAL_ENDPOINTS } from './legal.js';
import { NEWS_ENDPOINTS } from './news.js';
import { NOTIFICATION_ENDPOINTS } from './notification.js';
import { SPOT_ORDER_ENDPOINTS } from './order.js';
import { RAPID_BUY_ENDPOINTS } from './rapid-buy.js';
import { CONVERT_ENDPOINTS } from './convert.js';
import { COMPETITION_ENDPOINTS } from './competition.js';
import { FEES_ENDPOINTS, REPORT_ENDPOINTS } from './reports.js';
import { SECURITY_ENDPOINTS } from './security.js';
import { SOCKET_ENDPOINT } from './socket.js';
import { USER_ENDPOINTS } from './user.js';
import { WALLET_ENDPOINTS } from './wallet.js';
import { WITHDRAWAL_ENDPOINTS } from './withdrawal.js';

/** Every endpoint of the gateway, by area: what it registers and what clients may call. */
export const API_ENDPOINTS = {
  auth: AUTH_ENDPOINTS,
  cancellation: CANCELLATION_ENDPOINTS,
  catalogue: CATALOGUE_ENDPOINTS,
  cryptoWallet: CRYPTO_WALLET_ENDPOINTS,
  bankCallback: BANK_CALLBACK_ENDPOINTS,
  partnerBankAccount: PARTNER_BANK_ACCOUNT_ENDPOINTS,
  fiatDeposit: FIAT_DEPOSIT_ENDPOINTS,
  fiatWithdrawal: FIAT_WITHDRAWAL_ENDPOINTS,
  files: FILE_ENDPOINTS,
  flashRemittance: FLASH_REMITTANCE_ENDPOINTS,
  foreignExchange: FOREIGN_EXCHANGE_ENDPOINTS,
  health: HEALTH_ENDPOINTS,
  kyc: KYC_ENDPOINTS,
  logging: LOGGING_ENDPOINTS,
  marketData: MARKET_DATA_ENDPOINTS,
  legal: LEGAL_ENDPOINTS,
  news: NEWS_ENDPOINTS,
  notification: NOTIFICATION_ENDPOINTS,
  spotOrder: SPOT_ORDER_ENDPOINTS,
  rapidBuy: RAPID_BUY_ENDPOINTS,
  convert: CONVERT_ENDPOINTS,
  competition: COMPETITION_ENDPOINTS,
  fees: FEES_ENDPOINTS,
  report: REPORT_ENDPOINTS,
  security: SECURITY_ENDPOINTS,
  socket: { connect: SOCKET_ENDPOINT },
  user: USER_ENDPOINTS,
  wallet: WALLET_ENDPOINTS,
  withdrawal: WITHDRAWAL_ENDPOINTS,
} as const;

/** Every endpoint with its name (`area.name`), for checks over the whole API. */
export function listEndpoints(): { name: string; endpoint: Endpoint }[] {
  return Object.entries(API_ENDPOINTS).flatMap(([area, group]) =>
    Object.entries(group as Record<string, Endpoint>).map(([name, endpoint]) => ({
      name: `${area}.${name}`,
      endpoint,
    })),
  );
}
