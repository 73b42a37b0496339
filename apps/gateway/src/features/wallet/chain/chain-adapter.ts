import {
  CHAIN_NETWORKS,
  CHAIN_NETWORK_CODES,
  chainAddressAnswer,
  chainBroadcastAnswer,
  chainStatusAnswer,
  isValidAddress,
  type ChainNetwork,
  type NetworkKind,
} from '@exchange/contracts';
import { signedGet, signedPost } from '@exchange/contracts/signed-request';
import type { z } from 'zod';
import { AppError } from '../../../lib/app-error.js';
import { partyFetcher } from '../../../lib/metrics.js';

/** What `broadcast` sends: the withdrawal helper's request, idempotent on `withdrawalId`. */
export interface BroadcastRequest {
  withdrawalId: string;
  address: string;
  asset: string;
  /** Decimal string in the asset's units: what the address receives (fees already taken). */
  amount: string;
}

export interface ChainStatus {
  height: number;
  connected: boolean;
}

/**
 * A network as the exchange sees it: the shape a real node (bitcoind, geth, a Tron full node) or
 * a custody provider's API is wrapped in, one per network. What the chain tells later (a deposit
 * seen and confirmed, a reorg, a withdrawal final or failed) arrives as a signed callback at
 * `CRYPTO_WALLET_PATHS.chainCallback`, handled by `chain-callbacks.ts`.
 */
export interface ChainAdapter {
  readonly network: ChainNetwork;
  readonly kind: NetworkKind;
  /**
   * The deposit address of an account index (User.engineId), derived by the custody side from
   * its HD seed: the same index always gives the same address, and the chain reports transfers
   * to it from then on. Throws 5109 when the chain does not answer.
   */
  depositAddress(userIndex: number): Promise<string>;
  /** Whether the address is well-formed with a valid checksum on this network. */
  validateAddress(address: string): boolean;
  /**
   * Sends a withdrawal; the chain answers the transaction id. Idempotent on withdrawalId: a
   * repeat (a retry after a timeout) returns the first transaction id and sends nothing more.
   * Throws 5109 when the chain does not answer (the caller retries).
   */
  broadcast(request: BroadcastRequest): Promise<{ txId: string }>;
  /** The node's height and whether it answers; never throws. */
  status(): Promise<ChainStatus>;
}

/** The adapters of every network, by network code. */
export type ChainAdapters = Record<ChainNetwork, ChainAdapter>;

export interface HttpChainOptions {
  /** The chain's API (the simulated chain under `npm start`: CHAIN_SIM_URL). */
  baseUrl: string;
  /** Signs our requests and the chain's callbacks (CHAIN_CALLBACK_SECRET). */
  secret: string;
  /** Where the chain reports transfers and withdrawal outcomes. */
  callbackUrl: string;
  timeoutMs?: number;
}

/**
 * Over HTTP, signed like the callbacks (HMAC-SHA256 of `<timestamp>.<body or path>`), as a
 * custody provider's SDK talks to its API:
 *   POST /addresses {kind, index, callbackUrl} -> {address}
 *   POST /broadcast {withdrawalId, network, asset, address, amount, callbackUrl} -> {txId}
 *   GET  /status -> {networks: [{network, height, coinStatus, connected}]}
 */
export class HttpChainAdapter implements ChainAdapter {
  readonly kind: NetworkKind;

  constructor(
    readonly network: ChainNetwork,
    private readonly opts: HttpChainOptions,
  ) {
    this.kind = CHAIN_NETWORKS[network];
  }

  async depositAddress(userIndex: number): Promise<string> {
    const answer = await this.call(
      'POST',
      '/addresses',
      { kind: this.kind, index: userIndex, callbackUrl: this.opts.callbackUrl },
      chainAddressAnswer,
    );
    // The exchange never hands out an address it cannot validate itself.
    if (!this.validateAddress(answer.address))
      throw new AppError('CHAIN_UNAVAILABLE', null, {
        cause: new Error(`chain ${this.network} gave an invalid address`),
      });
    return answer.address;
  }

  validateAddress(address: string): boolean {
    return isValidAddress(this.kind, address);
  }

  async broadcast(request: BroadcastRequest): Promise<{ txId: string }> {
    return this.call(
      'POST',
      '/broadcast',
      { ...request, network: this.network, callbackUrl: this.opts.callbackUrl },
      chainBroadcastAnswer,
    );
  }

  async status(): Promise<ChainStatus> {
    try {
      // Short: the public networks list waits for it (cached a few seconds) when the node is down.
      const answer = await this.call('GET', '/status', undefined, chainStatusAnswer, 1500);
      const mine = answer.networks.find((n) => n.network === this.network);
      return mine
        ? { height: mine.height, connected: mine.connected }
        : { height: 0, connected: false };
    } catch {
      return { height: 0, connected: false };
    }
  }

  private async call<S extends z.ZodType>(
    method: 'GET' | 'POST',
    pathname: string,
    body: unknown,
    schema: S,
    timeoutMs = this.opts.timeoutMs ?? 5000,
  ): Promise<z.infer<S>> {
    const url = new URL(pathname, this.opts.baseUrl);
    const opts = { fetch: partyFetcher('chain'), timeoutMs };
    let response: Response;
    try {
      response =
        method === 'GET'
          ? await signedGet(url, this.opts.secret, opts)
          : await signedPost(url, body, this.opts.secret, opts);
    } catch (cause) {
      throw new AppError('CHAIN_UNAVAILABLE', null, { cause });
    }
    const answer: unknown = await response.json().catch(() => null);
    const parsed = schema.safeParse(answer);
    if (!response.ok || !parsed.success)
      throw new AppError('CHAIN_UNAVAILABLE', null, {
        cause: new Error(
          `chain ${this.network} answered ${response.status} to ${method} ${pathname}`,
        ),
      });
    return parsed.data;
  }
}

export function httpChainAdapters(opts: HttpChainOptions): ChainAdapters {
  return Object.fromEntries(
    CHAIN_NETWORK_CODES.map((network) => [network, new HttpChainAdapter(network, opts)]),
  ) as Record<ChainNetwork, HttpChainAdapter>;
}
