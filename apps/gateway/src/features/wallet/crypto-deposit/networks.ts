import {
  CHAIN_NETWORKS,
  type AssetNetwork,
  type ChainCallbackOf,
  type ChainNetwork,
  type ConnectionState,
} from '@exchange/contracts';
import type { Db } from '../../../db/client.js';
import type { AssetNetwork as AssetNetworkRow } from '../../../db/generated/client.js';
import { AppError } from '../../../lib/app-error.js';
import type { ChainAdapters } from '../chain/chain-adapter.js';
import type { ChainCallbackResult, ChainDeps } from '../chain/chain-callbacks.js';

/** How long a node's answer counts (real time): the pages poll, the node is asked at most this often. */
const STATUS_TTL_MS = 5_000;

/**
 * The connection state of each network's node, asked through its adapter at most every few
 * seconds, the asks of concurrent requests shared. CONNECTING until the first answer.
 */
export class ConnectionStates {
  private readonly known = new Map<ChainNetwork, { state: ConnectionState; at: number }>();
  private inflight: Promise<void> | null = null;

  constructor(private readonly adapters: ChainAdapters) {}

  async all(): Promise<Map<ChainNetwork, ConnectionState>> {
    const stale = (Object.keys(CHAIN_NETWORKS) as ChainNetwork[]).some(
      (n) => (this.known.get(n)?.at ?? 0) + STATUS_TTL_MS < Date.now(),
    );
    if (stale) await (this.inflight ??= this.refresh().finally(() => (this.inflight = null)));
    const out = new Map<ChainNetwork, ConnectionState>();
    for (const n of Object.keys(CHAIN_NETWORKS) as ChainNetwork[])
      out.set(n, this.known.get(n)?.state ?? 'CONNECTING');
    return out;
  }

  private async refresh(): Promise<void> {
    await Promise.all(
      (Object.keys(CHAIN_NETWORKS) as ChainNetwork[]).map(async (n) => {
        const s = await this.adapters[n].status();
        this.known.set(n, { state: s.connected ? 'CONNECTED' : 'DISCONNECTED', at: Date.now() });
      }),
    );
  }
}

export function toAssetNetwork(
  row: AssetNetworkRow,
  connection: ConnectionState,
  assetActive: boolean,
): AssetNetwork {
  const usable = assetActive && row.coinStatus !== 'MAINTENANCE' && connection === 'CONNECTED';
  return {
    asset: row.asset,
    network: row.network,
    name: row.name,
    kind: row.kind,
    tokenStandard: row.tokenStandard,
    contract: row.contract,
    depositEnabled: row.depositEnabled,
    withdrawEnabled: row.withdrawEnabled,
    coinStatus: row.coinStatus,
    connection,
    confirmations: row.confirmations,
    minDeposit: row.minDeposit.toFixed(),
    minWithdrawal: row.minWithdrawal.toFixed(),
    withdrawalGasFee: row.withdrawalGasFee.toFixed(),
    chainDecimals: row.chainDecimals,
    canDeposit: usable && row.depositEnabled,
    canWithdraw: usable && row.withdrawEnabled,
  };
}

/** Every asset's networks (or one asset's), in the catalogue's order, with their live state. */
export async function listNetworks(opts: {
  db: Db;
  connections: ConnectionStates;
  asset?: string | undefined;
}): Promise<AssetNetwork[]> {
  const [rows, states] = await Promise.all([
    opts.db.assetNetwork.findMany({
      where: opts.asset ? { asset: opts.asset } : {},
      orderBy: [{ asset: 'asc' }, { sortOrder: 'asc' }, { network: 'asc' }],
    }),
    opts.connections.all(),
  ]);
  const assets = await opts.db.asset.findMany({
    where: { code: { in: [...new Set(rows.map((r) => r.asset))] } },
    select: { code: true, status: true, tags: true, sortOrder: true },
  });
  const byCode = new Map(assets.map((a) => [a.code, a]));
  return rows
    .filter((r) => byCode.get(r.asset)?.tags.includes('real'))
    .sort((a, b) => (byCode.get(a.asset)?.sortOrder ?? 0) - (byCode.get(b.asset)?.sortOrder ?? 0))
    .map((r) =>
      toAssetNetwork(
        r,
        states.get(r.network as ChainNetwork) ?? 'DISCONNECTED',
        byCode.get(r.asset)?.status === 'ACTIVE',
      ),
    );
}

/** An asset's network row, or 5100 when the asset is not offered on that network. */
export async function findNetwork(
  db: Db,
  asset: string,
  network: string,
): Promise<AssetNetworkRow> {
  const row = await db.assetNetwork.findUnique({ where: { asset_network: { asset, network } } });
  if (!row || !(network in CHAIN_NETWORKS)) throw new AppError('CRYPTO_NETWORK_UNSUPPORTED');
  return row;
}

/** `network.status`: the chain's coin status for every asset on the network. */
export async function applyNetworkStatus(
  deps: ChainDeps,
  cb: ChainCallbackOf<'network.status'>,
): Promise<ChainCallbackResult> {
  const { count } = await deps.db.assetNetwork.updateMany({
    where: { network: cb.network },
    data: { coinStatus: cb.coinStatus },
  });
  deps.log.info({ network: cb.network, coinStatus: cb.coinStatus, assets: count }, 'coin status');
  return { tracking: false };
}
