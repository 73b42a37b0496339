/**
 * Scenarios that change what every page of the exchange sees, measure times or expect markets
 * nobody has traded yet, one at a time before the shared ones (project `solo` in
 * playwright.config.ts): hand-published tickers and book levels on Real BTC/USDT, frame times, a
 * seeded trade history, a symbol under maintenance, Real reference prices (the shared crypto
 * wallet scenario trades ETH/USDT in Real) and a first user's own levels in the Real book.
 */
import { test } from './fixtures';
import { pathToTrade } from './first-minutes';
import { operatorMaintenance } from './operator';
import { livePrices } from './scenarios';
import { tradeScreenAndSignIn } from './screen';
import { bookFrameTimes } from './trading';

test.describe.configure({ mode: 'serial' });

test('markets with live prices', async ({ ctx }) => livePrices(ctx));

test('frame times with 50 order-book updates a second', async ({ ctx }) => bookFrameTimes(ctx));

test('first minutes: prices, links to every market, Spot Trade in Demo, the refusal in Real, own levels in the book', async ({
  ctx,
}) => pathToTrade(ctx));

test('trade screen and markets: Google sign-in through the local provider, market cap, 24h volume, sparklines, coin info, redUp', async ({
  ctx,
}) => tradeScreenAndSignIn(ctx));

test('operator: a symbol set to maintenance shows its notice and disables its order form within a second', async ({
  ctx,
  registeredUser,
  operator,
}) => operatorMaintenance(ctx, registeredUser, operator));
