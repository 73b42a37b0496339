export * from './auth.js';
export * from './blocklist.js';
export * from './catalogue.js';
export * from './constants.js';
export * from './envelope.js';
export * from './errors.js';
export * from './files.js';
export * from './headers.js';
export * from './health.js';
export * from './ledger.js';
export * from './logging.js';
export * from './market-data.js';
export * from './news.js';
export * from './legal.js';
export * from './order.js';
export * from './paging.js';
export * from './random.js';
export * from './runtime-mode.js';
export * from './security.js';
export * from './settings.js';
export * from './text.js';
export * from './socket.js';
export * from './user.js';
export * from './wallet.js';
export * from './engine.js';
export * from './i18n/index.js';
export * from './order-rules.js';
export * from './kyc.js';
export * from './kyc-rules.js';
export * from './withdrawal.js';
export * from './cancellation.js';
export * from './fiat.js';
export * from './fiat-bank.js';
export * from './fiat-withdrawal.js';
export * from './fiat-deposit.js';
export * from './foreign-exchange.js';
export * from './hk-calendar.js';
export * from './reports.js';
export * from './chain-address.js';
export * from './crypto-wallet.js';
export * from './notification.js';
export * from './rapid-buy.js';
export * from './convert.js';
export * from './competition.js';
export * from './flash-remittance.js';
export * from './redis-cluster.js';
export {
  HttpMethod,
  defineEndpoint,
  fillPath,
  pathParams,
  pathsOf,
  type Endpoint,
} from './endpoint.js';
export * from './endpoints.js';
