/**
 * End-to-end tests in real Chromium: starts the exchange on a free port against its own database
 * (dropped first), runs the scenarios, saves screenshots and always stops the exchange.
 *   pnpm --filter @exchange/web test:e2e
 *   E2E_ONLY=markets pnpm --filter @exchange/web test:e2e   (scenarios whose name contains it)
 *   E2E_ONLY='security settings|withdraw' ...               (or any of several, split at |)
 */
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startExchange, type Exchange } from './exchange';
import { createPuzzleReader } from './helpers';
import {
  accountJourney,
  livePrices,
  screenshots,
  spotTrading,
  type ScenarioContext,
} from './scenarios';
import { advancedOrders, bookFrameTimes, marketOrder, socketRecovery } from './trading';
import { walletAndHistory } from './first-minutes-wallet';
import { individualVerification, institutionVerification } from './kyc';
import { loginErrorsAndLogoutReason, pathToTrade } from './first-minutes';
import { securitySettings } from './security';
import { cryptoWallet } from './crypto-wallet';
import { fiatWithdrawal } from './fiat-withdrawal';
import { foreignExchange } from './foreign-exchange';
import { notificationsJourney } from './notifications';
import { accountCancellation } from './cancellation';
import { feeReportsAndStatements } from './reports';
import { cardDeposit } from './fiat-deposit';
import { tradeScreenAndSignIn } from './screen';
import { languageScreenshots, mobileEmbeddedPages } from './mobile-and-languages';
import { operatorMaintenance } from './operator';
import { partnerBankAccount } from './fiat-bank';
import { realLiquidity } from './real-liquidity';
import { fiatJourney } from './fiat-journey';
import { rapidBuy } from './rapid-buy';
import { flashRemittance } from './flash-remittance';

const DATABASE_URL =
  process.env.E2E_DATABASE_URL ?? 'postgresql://postgres@localhost:5432/exchange_e2e';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://localhost:6379';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const shotsDir = process.env.E2E_SHOTS_DIR ?? path.resolve(import.meta.dirname, 'screenshots');
const log = (line: string) => process.stdout.write(`${line}\n`);

/** The scenarios that share one exchange, in order. */
const SCENARIOS = [
  ['register, account type, log out and in, theme, mode and language', accountJourney],
  ['markets with live prices', livePrices],
  ['spot trading in Demo mode: limit order, open orders, cancel', spotTrading],
  [
    'market buy in Demo mode fills against the market makers: history, my trades, balances',
    marketOrder,
  ],
  ['iceberg, stop-limit and trailing orders: their states in open orders, cancel', advancedOrders],
  ['the socket breaks and recovers: book and order states arrive live again', socketRecovery],
  ['frame times with 50 order-book updates a second', bookFrameTimes],
  [
    'first minutes: a wrong password and a login elsewhere are explained',
    loginErrorsAndLogoutReason,
  ],
  [
    'first minutes: prices, links to every market, Spot Trade in Demo, the refusal in Real, own levels in the book',
    pathToTrade,
  ],
  [
    'first minutes: wallet and transaction history of a new Demo user, one line per action',
    walletAndHistory,
  ],
  [
    'security settings: link Google Authenticator, log in with its code, change the password, the 24-hour lock',
    securitySettings,
  ],
  [
    'identity verification: the individual form with uploads, review, approval, Real-mode trading',
    individualVerification,
  ],
  [
    'identity verification: an institution’s steps and form, the cross-type rule',
    institutionVerification,
  ],
  [
    'crypto wallet: deposit address, faucet, confirming -> review -> available, Real trade, Authenticator, whitelist, withdrawal',
    cryptoWallet,
  ],
  [
    'notifications: the unread badge rises on a fill, the message centre opens the notice, the account overview',
    notificationsJourney,
  ],
  [
    'account cancellation: conditions, reason, proof, step-up, under review, withdrawn',
    accountCancellation,
  ],
  [
    'fee reports: the fee schedule from the footer, the fund flow, a statement as CSV and PDF',
    feeReportsAndStatements,
  ],
  [
    'fiat deposit: agreements, a card deposit with 3-D Secure confirmation credited, in the fiat history',
    cardDeposit,
  ],
  [
    'trade screen and markets: Google sign-in through the local provider, market cap, 24h volume, sparklines, coin info, redUp',
    tradeScreenAndSignIn,
  ],
  [
    'operator: a symbol set to maintenance shows its notice and disables its order form within a second',
    operatorMaintenance,
  ],
  [
    'partner bank account: fees first, the bank refuses then opens, e-KYC passed on the bank page',
    partnerBankAccount,
  ],
  [
    'fiat withdrawal: bank-account whitelist rules, unverified then verified, withdraw USD with the fee shown, review, frozen, cancel',
    fiatWithdrawal,
  ],
  [
    'fiat journey: partner-bank account, linked bank account, USD deposit through the bank, USDT bought in Real mode, USD withdrawn and sent on the next business day, ledger audit',
    fiatJourney,
  ],
  [
    'foreign exchange: a verified Real user with USD gets a quote that renews on expiry, confirms, sees it processing then completed live, in the history',
    foreignExchange,
  ],
  [
    'rapid buy: USD to USDT in Demo mode, the estimate as the amount is typed, confirm, the fill, history, light and phone',
    rapidBuy,
  ],
  [
    'flash remittance: two people, the flash whitelist, a step-up send, the notice live, agreed, both histories',
    flashRemittance,
  ],
  ['screenshots of the main screens', screenshots],
  [
    'mobile pages: register result, help, identity verification and deposit in a web view with a fake native bridge',
    mobileEmbeddedPages,
  ],
  [
    'languages: the landing and trade pages in all eight, Arabic right to left',
    languageScreenshots,
  ],
  // Each entry is exactly [name, scenario]: a merge that runs two entries together fails here
  // instead of skipping the second scenario without a word.
] as const satisfies readonly (readonly [string, (ctx: ScenarioContext) => Promise<void>])[];
const REAL_LIQUIDITY =
  'real liquidity: a visitor of a fresh exchange sees a Real price, a 20-level book and a full chart within 30 s';
const only = (process.env.E2E_ONLY ?? '').split('|').filter(Boolean);
const wanted = (name: string) => only.length === 0 || only.some((part) => name.includes(part));

/** The same database server and name with a suffix: the Real-liquidity exchange's own. */
function siblingDatabase(url: string, suffix: string): string {
  const u = new URL(url);
  u.pathname = `${u.pathname}${suffix}`;
  return u.toString();
}

async function main(): Promise<number> {
  rmSync(shotsDir, { recursive: true, force: true });
  mkdirSync(shotsDir, { recursive: true });
  const logFile = path.join(tmpdir(), `exchange-e2e-${process.pid}.log`);
  log(`starting the exchange (log: ${logFile})`);
  let exchange: Exchange | null = null;
  const userDataDir = path.join(tmpdir(), `exchange-e2e-chromium-${process.pid}`);
  // Its own Redis namespace: a fresh exchange every run, whatever ran before.
  const redisPrefix = `e2e:${process.pid}:`;
  // The operator scenario runs `npm run ops` against this exchange.
  process.env.E2E_REDIS_PREFIX = redisPrefix;
  const puzzles = createPuzzleReader(REDIS_URL, redisPrefix);
  let failures = 0;
  try {
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    });
    const browser = context.browser();
    if (!browser) throw new Error('Chromium did not start');
    const attempt = async (name: string, run: () => Promise<void>) => {
      const started = Date.now();
      try {
        await run();
        log(`✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      } catch (err) {
        failures += 1;
        log(`✗ ${name}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      }
    };
    if (SCENARIOS.some(([name]) => wanted(name))) {
      exchange = await startExchange({ databaseUrl: DATABASE_URL, redisPrefix, logFile });
      log(`exchange ready at ${exchange.baseUrl}`);
      const ctx: ScenarioContext = { browser, baseUrl: exchange.baseUrl, shotsDir, puzzles, log };
      for (const [name, run] of SCENARIOS) if (wanted(name)) await attempt(name, () => run(ctx));
      await exchange.stop();
      exchange = null;
    }
    if (wanted(REAL_LIQUIDITY)) {
      // A fresh exchange of its own with the Real market makers on (the other scenarios expect
      // Real without them), timed from its start as a new user's `npm start` would be.
      const launchedAt = Date.now();
      log('starting a fresh exchange with Real market makers');
      exchange = await startExchange({
        databaseUrl: siblingDatabase(DATABASE_URL, '_real'),
        redisPrefix: `${redisPrefix}real:`,
        logFile: logFile.replace(/\.log$/, '-real.log'),
        asStarted: true,
      });
      const times = { launchedAt, readyAt: Date.now() };
      const ctx: ScenarioContext = { browser, baseUrl: exchange.baseUrl, shotsDir, puzzles, log };
      await attempt(REAL_LIQUIDITY, () => realLiquidity(times)(ctx));
    }
    await context.close();
  } finally {
    await exchange?.stop();
    // Redis is shared with other runs and the developer's exchange: leave nothing behind.
    await puzzles.clear().catch(() => undefined);
    await puzzles.close().catch(() => undefined);
    rmSync(userDataDir, { recursive: true, force: true });
  }
  log(`screenshots: ${shotsDir}`);
  log(failures === 0 ? 'all e2e scenarios passed' : `${failures} e2e scenario(s) failed`);
  return failures === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    log(`e2e run failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exit(1);
  },
);
