import { Decimal } from 'decimal.js';
import {
  COMPETITION_REWARDS_ACCOUNT,
  RuntimeMode,
  type ChainBlocksRequest,
  type ChainFaucetRequest,
  type ChainNetwork,
} from '@exchange/contracts';
import { signedPost } from '@exchange/contracts/signed-request';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { getDepositAddress } from '../../wallet/crypto-deposit/deposit-service.js';
import type { ChainAdapters } from '../../wallet/chain/chain-adapter.js';

/**
 * The house accounts: the market maker's quotes, the simulated takers' flow, and Trade for
 * Reward's prizes (contracts COMPETITION_REWARDS_ACCOUNT).
 */
export const HOUSE_ACCOUNTS = {
  maker: { email: 'market-maker@exchange.local', uid: '00000001' },
  taker: { email: 'market-taker@exchange.local', uid: '00000002' },
  rewards: COMPETITION_REWARDS_ACCOUNT,
} as const;

/** The house account (isHouse: no notices, treasury funding), created on first use. */
export async function houseAccount(
  deps: { db: Db; clock: Clock },
  who: keyof typeof HOUSE_ACCOUNTS,
): Promise<string> {
  const { email, uid } = HOUSE_ACCOUNTS[who];
  const user = await deps.db.user.upsert({
    where: { email },
    create: { email, uid, kycLevel: 1, kycChosenAt: deps.clock.date(), isHouse: true },
    update: { isHouse: true },
  });
  return user.id;
}

/**
 * Where the operator's treasury sends coins from. Locally the simulated chains' faucet (and
 * mining the confirmations at once, so a fresh exchange is liquid in seconds); in production an
 * operator funds the house addresses from the exchange's own wallets instead, and this is off.
 */
export interface TreasurySource {
  send(network: ChainNetwork, address: string, amount: string, asset: string): Promise<void>;
  confirm(network: ChainNetwork, blocks: number): Promise<void>;
}

/** The simulated chains' developer commands (`npm run sim:chain -- send / mine`), over HTTP. */
export function simulatedChainTreasury(o: { baseUrl: string; secret: string }): TreasurySource {
  const call = async (pathname: string, body: unknown) => {
    const res = await signedPost(new URL(pathname, o.baseUrl), body, o.secret, {
      timeoutMs: 10_000,
    });
    if (!res.ok) throw new Error(`chain ${pathname}: ${res.status} ${await res.text()}`);
  };
  return {
    send: (network, address, amount, asset) =>
      call('/faucet', { network, address, amount, asset } satisfies ChainFaucetRequest),
    confirm: (network, blocks) => call('/mine', { network, blocks } satisfies ChainBlocksRequest),
  };
}

/** Deposits on their way (seen, confirming or under review): counted so nothing is sent twice. */
const IN_FLIGHT = ['CONFIRMING', 'UNAVAILABLE', 'DELAYED'] as const;

/**
 * Keeps a house account's Real balances at their targets the way a customer's arrive: for each
 * asset below half its target (counting deposits in flight) the treasury sends the difference
 * to the account's own deposit address, and the chain's callbacks, the deposit review and its
 * ledger posting credit it once the caller has had the answered networks' blocks confirmed
 * (`source.confirm`, once per network for all the transfers). Nothing is minted: the Real ledger sees ordinary crypto deposits.
 * Assets with no deposit network (fiat) cannot be funded this way and are reported as missing.
 */
export async function fundReal(o: {
  db: Db;
  adapters: ChainAdapters;
  source: TreasurySource;
  userId: string;
  /** Target balance per asset. */
  targets: Map<string, Decimal>;
  log: FastifyBaseLogger;
}): Promise<{ sent: string[]; missing: string[]; confirm: Map<ChainNetwork, number> }> {
  const confirm = new Map<ChainNetwork, number>();
  const sent: string[] = [];
  const missing: string[] = [];
  const balances = await o.db.balance.findMany({
    where: { accountId: o.userId, mode: RuntimeMode.REAL },
  });
  const pending = await o.db.cryptoDeposit.groupBy({
    by: ['asset'],
    where: { userId: o.userId, state: { in: [...IN_FLIGHT] } },
    _sum: { amount: true },
  });
  for (const [asset, target] of o.targets) {
    const b = balances.find((r) => r.asset === asset);
    const have = new Decimal(b?.available.toFixed() ?? 0)
      .plus(b?.frozen.toFixed() ?? 0)
      .plus(pending.find((p) => p.asset === asset)?._sum.amount?.toFixed() ?? 0);
    if (have.gte(target.dividedBy(2))) continue;
    const listing = await o.db.assetNetwork.findFirst({
      where: { asset, depositEnabled: true, coinStatus: { not: 'MAINTENANCE' } },
      orderBy: [{ confirmations: 'asc' }, { sortOrder: 'asc' }],
    });
    if (!listing) {
      missing.push(asset);
      continue;
    }
    const network = listing.network as ChainNetwork;
    const amount = target
      .minus(have)
      .toDecimalPlaces(Math.min(6, listing.chainDecimals), Decimal.ROUND_DOWN);
    if (amount.lt(listing.minDeposit)) continue;
    const { address } = await getDepositAddress({
      db: o.db,
      adapters: o.adapters,
      userId: o.userId,
      mode: RuntimeMode.REAL,
      asset,
      network,
      log: o.log,
    });
    await o.source.send(network, address, amount.toFixed(), asset);
    confirm.set(network, Math.max(confirm.get(network) ?? 0, listing.confirmations));
    o.log.info({ asset, network, amount: amount.toFixed() }, 'house account funded by deposit');
    sent.push(asset);
  }
  return { sent, missing, confirm };
}
