/**
 * The scenarios that touch only their own users, side by side on the run's exchange after the
 * solo ones (project `shared` in playwright.config.ts). Longest first, so the workers finish
 * together.
 */
import { test } from './fixtures';
import { convertJourney } from './convert';
import { cryptoWallet } from './crypto-wallet';
import { fiatJourney } from './fiat-journey';
import { fiatWithdrawal } from './fiat-withdrawal';
import { partnerBankAccount } from './fiat-bank';
import { cardDeposit } from './fiat-deposit';
import { walletAndHistory } from './first-minutes-wallet';
import { loginErrorsAndLogoutReason } from './first-minutes';
import { flashRemittance } from './flash-remittance';
import { foreignExchange } from './foreign-exchange';
import { individualVerification, institutionVerification } from './kyc';
import { LANGUAGES, languageScreenshots, mobileEmbeddedPages } from './mobile-and-languages';
import { notificationsJourney } from './notifications';
import { optedOutLimits } from './opted-out';
import { prometheusWatch } from './prometheus';
import { rapidBuy } from './rapid-buy';
import { feeReportsAndStatements } from './reports';
import { accountCancellation } from './cancellation';
import { accountJourney, SHOT_SETS, screenshots, spotTrading } from './scenarios';
import { securitySettings } from './security';
import { tradeForRewardJourney } from './trade-for-reward';
import { advancedOrders, marketOrder, orderEntry, socketRecovery } from './trading';

test('fiat journey: partner-bank account, linked bank account, USD deposit through the bank, USDT bought in Real mode, USD withdrawn and sent on the next business day, ledger audit', async ({
  ctx,
}) => fiatJourney(ctx));

test('crypto wallet: deposit address, faucet, confirming -> review -> available, Real trade, Authenticator, whitelist, withdrawal', async ({
  ctx,
}) => cryptoWallet(ctx));

test('fiat withdrawal: bank-account whitelist rules, unverified then verified, withdraw USD with the fee shown, review, frozen, cancel', async ({
  ctx,
  registeredUser,
}) => fiatWithdrawal(ctx, registeredUser));

// Demo-mode trading on BTC/USDT against the market makers: one after another, as each reads
// the book the one before left.
test.describe('Demo trading', () => {
  test.describe.configure({ mode: 'serial' });
  test('spot trading in Demo mode: limit order, open orders, cancel', async ({ ctx }) =>
    spotTrading(ctx));
  test('market buy in Demo mode fills against the market makers: history, my trades, balances', async ({
    ctx,
  }) => marketOrder(ctx));
  test('iceberg, stop-limit and trailing orders: their states in open orders, cancel', async ({
    ctx,
  }) => advancedOrders(ctx));
  test('order entry: the allowed range, modify in place, stop-market, market buy by amount', async ({
    ctx,
  }) => orderEntry(ctx));
  test('convert: a firm quote with its countdown, confirmed both ways, in the history', async ({
    ctx,
  }) => convertJourney(ctx));
  test('the socket breaks and recovers: book and order states arrive live again', async ({ ctx }) =>
    socketRecovery(ctx));
});

// Trial mode as a competition, on a period of its own (other entrants may join it: the scenario
// checks only its user's standing).
test('trade for reward: the operator opens a period, a user joins from the header link, trades in Trial, is ranked; the period ends and the result notice links to the final board', async ({
  ctx,
  operator,
}) => tradeForRewardJourney(ctx, operator));

test('continuing without verification: limited, not refused, with the limit shown above each form', async ({
  ctx,
}) => optedOutLimits(ctx));

test('security settings: link Google Authenticator, log in with its code, change the password, the 24-hour lock', async ({
  ctx,
  registeredUser,
}) => securitySettings(ctx, registeredUser));

for (const half of [LANGUAGES.slice(0, 4), LANGUAGES.slice(4)])
  test(`languages: the landing and trade pages in ${half.map(([l]) => l).join(', ')}${half.some(([l]) => l === 'ar') ? ', Arabic right to left' : ''}`, async ({
    ctx,
    registeredUser,
  }) => languageScreenshots(ctx, half, registeredUser));

test('first minutes: wallet and transaction history of a new Demo user, one line per action', async ({
  ctx,
  registeredUser,
}) => walletAndHistory(ctx, registeredUser));

test('flash remittance: two people, the flash whitelist, a step-up send, the notice live, agreed, both histories', async ({
  ctx,
}) => flashRemittance(ctx));

test('foreign exchange: a verified Real user with USD gets a quote that renews on expiry, confirms, sees it processing then completed live, in the history', async ({
  ctx,
  fundedUser,
}) => foreignExchange(ctx, fundedUser));

test('partner bank account: fees first, the bank refuses then opens, e-KYC passed on the bank page', async ({
  ctx,
  registeredUser,
}) => partnerBankAccount(ctx, registeredUser));

for (const set of SHOT_SETS)
  test(`screenshots of the main screens: ${set.join(', ')}`, async ({ ctx }) =>
    screenshots(ctx, [set]));

test('identity verification: the individual form with uploads, review, approval, Real-mode trading', async ({
  ctx,
}) => individualVerification(ctx));

test('operations: Prometheus scrapes every process with the shipped config, the alert rules load, the dashboard queries answer, the audit is clean', async ({
  ctx,
}) => prometheusWatch(ctx));

test('first minutes: a wrong password and a login elsewhere are explained', async ({ ctx }) =>
  loginErrorsAndLogoutReason(ctx));

test('fiat deposit: agreements, a card deposit with 3-D Secure confirmation credited, in the fiat history', async ({
  ctx,
}) => cardDeposit(ctx));

test('register, account type, log out and in, theme, mode and language', async ({ ctx }) =>
  accountJourney(ctx));

test('fee reports: the fee schedule from the footer, the fund flow, a statement as CSV and PDF', async ({
  ctx,
}) => feeReportsAndStatements(ctx));

test('notifications: the unread badge rises on a fill, the message centre opens the notice, the account overview', async ({
  ctx,
  registeredUser,
}) => notificationsJourney(ctx, registeredUser));

test('account cancellation: conditions, reason, proof, step-up, under review, withdrawn', async ({
  ctx,
}) => accountCancellation(ctx));

test('rapid buy: USD to USDT in Demo mode, the estimate as the amount is typed, confirm, the fill, history, light and phone', async ({
  ctx,
  registeredUser,
}) => rapidBuy(ctx, registeredUser));

test('identity verification: an institution’s steps and form, the cross-type rule', async ({
  ctx,
}) => institutionVerification(ctx));

test('mobile pages: register result, help, identity verification and deposit in a web view with a fake native bridge', async ({
  ctx,
}) => mobileEmbeddedPages(ctx));
