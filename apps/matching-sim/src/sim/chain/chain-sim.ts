import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { base58 } from '@scure/base';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { Logger } from 'pino';
import {
  CHAIN_NETWORKS,
  canonicalAddress,
  isValidAddress,
  type ChainCallback,
  type ChainNetwork,
  type CoinStatus,
  type NetworkKind,
} from '@exchange/contracts';
import type { AddressBook } from './addresses.js';
import { postSignedCallback, retryDelayMs } from '../callback-delivery.js';
import { SimError } from '../kit/server.js';

/** The assets each simulated network carries (its coin first), with their decimals on chain. */
export const NETWORK_ASSETS: Record<ChainNetwork, Record<string, number>> = {
  BTC: { BTC: 8 },
  ETH: { ETH: 18, USDT: 6, USDC: 6, XAUT: 6, TBILL: 6, HKRE: 6, PCRED: 6 },
  TRX: { TRX: 6, USDT: 6 },
  SOL: { SOL: 9 },
  XRP: { XRP: 6 },
};
/** What `send` moves when no asset is named: the coin, but USDT on Tron (the exchange takes no TRX). */
export const DEFAULT_ASSET: Record<ChainNetwork, string> = {
  BTC: 'BTC',
  ETH: 'ETH',
  TRX: 'USDT',
  SOL: 'SOL',
  XRP: 'XRP',
};
/** Confirmations after which the chain reports a withdrawal final. */
export const WITHDRAWAL_FINAL: Record<ChainNetwork, number> = {
  BTC: 2,
  ETH: 12,
  TRX: 20,
  SOL: 32,
  XRP: 1,
};
/** Logical seconds between blocks (slots, ledgers) when the settings name none. */
export const BLOCK_SECONDS: Record<ChainNetwork, number> = {
  BTC: 30,
  ETH: 12,
  TRX: 3,
  SOL: 0.4,
  XRP: 4,
};
/** Blocks kept (a reorg reaches back at most this far); confirmations stop being sent past it. */
const KEEP_BLOCKS = 300;

export interface Transfer {
  network: ChainNetwork;
  txId: string;
  outputIndex: number;
  asset: string;
  address: string;
  amount: string;
  /** null while in the mempool. */
  blockHeight: number | null;
  blockHash: string | null;
  /** Set for a withdrawal the exchange broadcast. */
  withdrawalId: string | null;
  /** Whether the exchange still wants confirmations (deposits) or the outcome (withdrawals). */
  tracking: boolean;
  createdAt: number;
}

interface Block {
  height: number;
  hash: string;
  /** Logical time. */
  time: number;
  txKeys: string[];
}

interface ChainState {
  network: ChainNetwork;
  height: number;
  blocks: Block[];
  coinStatus: CoinStatus;
  connected: boolean;
  /** Real time (ms) of the next block. */
  nextBlockAt: number;
}

interface Delivery {
  eventId: string;
  url: string;
  body: ChainCallback;
  /** The transfer it is about: a reorg cancels the updates of the transfers it removed. */
  txKey: string | null;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
}

export interface ChainSimOptions {
  secret: string;
  addresses: AddressBook;
  /** Logical seconds between blocks, per network. */
  blockSeconds: Record<ChainNetwork, number>;
  timeScale: number;
  /** Where `network.status` goes besides the callback URLs the exchange registered. */
  defaultCallbackUrl?: string | undefined;
  statePath?: string | undefined;
  log: Logger;
  retryBaseMs?: number;
  retryMaxMs?: number;
  now?: () => number;
}

interface Saved {
  chains: ChainState[];
  transfers: Transfer[];
  watches: [string, { url: string; kind: string; index: number }][];
  deliveries: Delivery[];
  /** Withdrawal ids paid, with their network and transaction (absent in older state files). */
  paid?: [string, { network: ChainNetwork; txId: string }][];
}

const keyOf = (t: { network: string; txId: string; outputIndex: number }) =>
  `${t.network}:${t.txId}:${t.outputIndex}`;

export class ChainSimError extends SimError {}

/**
 * The simulated chains (Bitcoin, Ethereum, Tron, Solana, XRP Ledger), one process: blocks on the shared clock per
 * network, transfers with real-format transaction ids, confirmations counted from the block that
 * holds a transfer, reorganisations by command, a coin status per network, and signed callbacks
 * to the exchange for the addresses it registered, retried with backoff until acknowledged.
 */
export class ChainSim {
  private readonly chains = new Map<ChainNetwork, ChainState>();
  private readonly transfers = new Map<string, Transfer>();
  /** Canonical address -> where to report transfers to it. */
  private readonly watches = new Map<string, { url: string; kind: string; index: number }>();
  private deliveries: Delivery[] = [];
  private readonly delivering = new Set<string>();
  private readonly realStart: number;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly o: ChainSimOptions) {
    this.now = o.now ?? Date.now;
    this.realStart = this.now();
    for (const network of Object.keys(CHAIN_NETWORKS) as ChainNetwork[])
      this.chains.set(network, {
        network,
        height: 0,
        blocks: [],
        coinStatus: 'STABLE',
        connected: true,
        nextBlockAt: this.now() + this.blockRealMs(network),
      });
    if (o.statePath) this.load(o.statePath);
  }

  private logicalNow(): number {
    return this.realStart + Math.floor((this.now() - this.realStart) * this.o.timeScale);
  }

  private blockRealMs(network: ChainNetwork): number {
    return Math.max(1, Math.ceil((this.o.blockSeconds[network] * 1000) / this.o.timeScale));
  }

  private chain(network: string): ChainState {
    const chain = this.chains.get(network as ChainNetwork);
    if (!chain) throw new ChainSimError(404, `unknown network ${network}`);
    return chain;
  }

  // ---- the exchange's calls ----

  /** The address of an index, registered for callbacks to `callbackUrl`. */
  registerAddress(kind: NetworkKind, index: number, callbackUrl: string): string {
    const address = this.o.addresses.address(kind, index);
    this.watches.set(address, { url: callbackUrl, kind, index });
    this.save();
    return address;
  }

  /**
   * Sends a withdrawal. A chain never pays one withdrawal id twice, however late the retry: the
   * ids it paid are kept in its state (`paid`, long after their blocks are forgotten), and a
   * repeat answers the first payment's transaction.
   */
  broadcast(req: {
    withdrawalId: string;
    network: string;
    asset: string;
    address: string;
    amount: string;
    callbackUrl: string;
  }): { txId: string } {
    const first = this.paid.get(req.withdrawalId);
    if (first) return { txId: first.txId };
    const chain = this.chain(req.network);
    if (!chain.connected) throw new ChainSimError(503, `${chain.network} node is disconnected`);
    if (chain.coinStatus === 'MAINTENANCE')
      throw new ChainSimError(503, `${chain.network} is under maintenance`);
    const transfer = this.newTransfer(chain.network, req.address, req.amount, req.asset);
    transfer.withdrawalId = req.withdrawalId;
    this.paid.set(req.withdrawalId, { network: chain.network, txId: transfer.txId });
    this.withdrawalUrls.set(req.withdrawalId, req.callbackUrl);
    this.o.log.info({ ...transfer }, 'withdrawal broadcast');
    this.save();
    return { txId: transfer.txId };
  }
  private readonly withdrawalUrls = new Map<string, string>();
  /** Every withdrawal id paid, with its transaction: kept for good (durable in the state file). */
  private readonly paid = new Map<string, { network: ChainNetwork; txId: string }>();

  status() {
    return {
      networks: [...this.chains.values()].map((c) => ({
        network: c.network,
        kind: CHAIN_NETWORKS[c.network],
        height: c.height,
        coinStatus: c.coinStatus,
        connected: c.connected,
      })),
    };
  }

  // ---- the developer's commands ----

  /** The faucet: a transfer to any address, mined in the next block. */
  send(network: string, address: string, amount: string, asset?: string): Transfer {
    const chain = this.chain(network);
    if (!chain.connected) throw new ChainSimError(503, `${chain.network} node is disconnected`);
    const transfer = this.newTransfer(
      chain.network,
      address,
      amount,
      asset ?? DEFAULT_ASSET[chain.network],
    );
    this.o.log.info({ ...transfer }, 'faucet transfer');
    this.save();
    return transfer;
  }

  /** Mines n blocks now (besides the clock's): tests and demos move a chain on command. */
  mineNow(network: string, n: number): number {
    const chain = this.chain(network);
    if (!Number.isInteger(n) || n < 1 || n > 1000)
      throw new ChainSimError(400, 'mine 1 to 1000 blocks');
    for (let i = 0; i < n; i += 1) this.mine(chain);
    this.save();
    return chain.height;
  }

  /** Drops the last k blocks: the transfers in them disappear (withdrawals go back to the mempool). */
  reorg(network: string, k: number): { dropped: Transfer[]; height: number } {
    const chain = this.chain(network);
    if (!Number.isInteger(k) || k < 1 || k > chain.blocks.length)
      throw new ChainSimError(400, `can drop 1 to ${chain.blocks.length} blocks`);
    const removed = chain.blocks.splice(chain.blocks.length - k, k);
    chain.height -= k;
    const dropped: Transfer[] = [];
    for (const block of removed)
      for (const key of block.txKeys) {
        const t = this.transfers.get(key);
        if (!t) continue;
        if (t.withdrawalId) {
          t.blockHeight = null;
          t.blockHash = null;
          continue;
        }
        this.transfers.delete(key);
        dropped.push(t);
        this.deliveries = this.deliveries.filter((d) => d.txKey !== key);
        const watch = this.watches.get(t.address);
        if (watch && t.tracking)
          this.enqueue(watch.url, key, {
            eventId: eventIdOf(key, 'dropped', block.hash),
            type: 'deposit.dropped',
            network: t.network,
            height: chain.height,
            at: new Date(this.logicalNow()).toISOString(),
            txId: t.txId,
            outputIndex: t.outputIndex,
            reason: 'REORG',
          });
      }
    this.o.log.warn({ network, k, height: chain.height, dropped: dropped.length }, 'reorg');
    this.save();
    return { dropped, height: chain.height };
  }

  setStatus(network: string, status: CoinStatus): void {
    const chain = this.chain(network);
    chain.coinStatus = status;
    const urls = new Set<string>([...this.watches.values()].map((w) => w.url));
    for (const url of this.withdrawalUrls.values()) urls.add(url);
    if (this.o.defaultCallbackUrl) urls.add(this.o.defaultCallbackUrl);
    const at = this.logicalNow();
    for (const url of urls)
      this.enqueue(url, null, {
        eventId: eventIdOf(network, 'status', String(at), randomBytes(4).toString('hex')),
        type: 'network.status',
        network: chain.network,
        height: chain.height,
        at: new Date(at).toISOString(),
        coinStatus: status,
      });
    this.o.log.info({ network, status }, 'coin status set');
    this.save();
  }

  setConnected(network: string, connected: boolean): void {
    const chain = this.chain(network);
    chain.connected = connected;
    if (connected) chain.nextBlockAt = this.now() + this.blockRealMs(chain.network);
    this.save();
  }

  /** A broadcast withdrawal fails (refused by the network): it leaves the mempool or its block. */
  failWithdrawal(withdrawalId: string, reason: string): void {
    const t = [...this.transfers.values()].find((x) => x.withdrawalId === withdrawalId);
    const url = this.withdrawalUrls.get(withdrawalId);
    if (!t || !url) throw new ChainSimError(404, `no withdrawal ${withdrawalId}`);
    this.transfers.delete(keyOf(t));
    // Refused by the network: it was never paid.
    this.paid.delete(withdrawalId);
    for (const c of this.chains.values())
      for (const b of c.blocks) b.txKeys = b.txKeys.filter((k) => k !== keyOf(t));
    this.enqueue(url, null, {
      eventId: eventIdOf(keyOf(t), 'failed'),
      type: 'withdrawal.failed',
      network: t.network,
      height: this.chain(t.network).height,
      at: new Date(this.logicalNow()).toISOString(),
      withdrawalId,
      txId: t.txId,
      reason,
    });
    this.save();
  }

  list() {
    return {
      ...this.status(),
      transfers: [...this.transfers.values()]
        .sort((a, b) => b.createdAt - a.createdAt)
        .slice(0, 50),
      deliveries: this.deliveries.map((d) => ({
        eventId: d.eventId,
        type: d.body.type,
        attempts: d.attempts,
        lastError: d.lastError,
      })),
    };
  }

  // ---- blocks ----

  private newTransfer(
    network: ChainNetwork,
    address: string,
    amount: string,
    asset: string,
  ): Transfer {
    const kind = CHAIN_NETWORKS[network];
    if (!isValidAddress(kind, address))
      throw new ChainSimError(400, `not a valid ${network} address: ${address}`);
    const decimals = NETWORK_ASSETS[network][asset];
    if (decimals === undefined)
      throw new ChainSimError(
        400,
        `${network} carries ${Object.keys(NETWORK_ASSETS[network]).join(', ')}, not ${asset}`,
      );
    const m = /^(\d+)(?:\.(\d+))?$/.exec(amount);
    if (!m || /^0*(\.0*)?$/.test(amount) || (m[2] ?? '').length > decimals)
      throw new ChainSimError(400, `amount must be positive with at most ${decimals} decimals`);
    const seed = bytesToHex(
      sha256(utf8ToBytes(`${network}:${address}:${amount}:${randomBytes(16).toString('hex')}`)),
    );
    // Each network's transaction id form: 0x-hex (Ethereum), upper-case hex (XRP Ledger), a
    // base58 64-byte signature (Solana), lower-case hex (Bitcoin, Tron).
    const txId =
      network === 'ETH'
        ? `0x${seed}`
        : network === 'XRP'
          ? seed.toUpperCase()
          : network === 'SOL'
            ? base58.encode(sha512(utf8ToBytes(seed)))
            : seed;
    // Bitcoin: the deposit is one of the outputs (the other is the sender's change); EVM and
    // Tron token transfers: the Transfer log's index in the transaction.
    const native = asset === Object.keys(NETWORK_ASSETS[network])[0];
    const outputIndex =
      network === 'BTC' ? seed.charCodeAt(0) % 2 : native ? 0 : seed.charCodeAt(1) % 3;
    const transfer: Transfer = {
      network,
      txId,
      outputIndex,
      asset,
      address: canonicalAddress(kind, address),
      amount: normalise(amount),
      blockHeight: null,
      blockHash: null,
      withdrawalId: null,
      tracking: true,
      createdAt: this.logicalNow(),
    };
    this.transfers.set(keyOf(transfer), transfer);
    return transfer;
  }

  private mine(chain: ChainState): void {
    const height = chain.height + 1;
    const prev = chain.blocks.at(-1)?.hash ?? '0'.repeat(64);
    const pending = [...this.transfers.values()].filter(
      (t) => t.network === chain.network && t.blockHeight === null,
    );
    const digest = bytesToHex(
      sha256(
        utf8ToBytes(
          `${prev}:${height}:${pending.map(keyOf).join(',')}:${randomBytes(8).toString('hex')}`,
        ),
      ),
    );
    const hash = chain.network === 'ETH' ? `0x${digest}` : digest;
    const block: Block = { height, hash, time: this.logicalNow(), txKeys: pending.map(keyOf) };
    for (const t of pending) {
      t.blockHeight = height;
      t.blockHash = hash;
    }
    chain.blocks.push(block);
    chain.height = height;
    if (chain.blocks.length > KEEP_BLOCKS) {
      const old = chain.blocks.splice(0, chain.blocks.length - KEEP_BLOCKS);
      for (const b of old) for (const k of b.txKeys) this.transfers.delete(k);
    }
    this.report(chain);
  }

  /** After a block: each tracked transfer's confirmations, or a withdrawal's final state. */
  private report(chain: ChainState): void {
    const at = new Date(this.logicalNow()).toISOString();
    for (const t of this.transfers.values()) {
      if (t.network !== chain.network || t.blockHeight === null || !t.tracking) continue;
      const confirmations = chain.height - t.blockHeight + 1;
      const key = keyOf(t);
      if (t.withdrawalId) {
        const url = this.withdrawalUrls.get(t.withdrawalId);
        if (url && confirmations >= WITHDRAWAL_FINAL[chain.network]) {
          t.tracking = false;
          this.enqueue(url, key, {
            eventId: eventIdOf(key, 'confirmed', t.blockHash ?? ''),
            type: 'withdrawal.confirmed',
            network: t.network,
            height: chain.height,
            at,
            withdrawalId: t.withdrawalId,
            txId: t.txId,
            blockHeight: t.blockHeight,
            confirmations,
          });
        }
        continue;
      }
      const watch = this.watches.get(t.address);
      if (!watch) {
        t.tracking = false;
        continue;
      }
      this.enqueue(watch.url, key, {
        eventId: eventIdOf(key, t.blockHash ?? '', String(confirmations)),
        type: 'deposit.update',
        network: t.network,
        height: chain.height,
        at,
        asset: t.asset,
        address: t.address,
        txId: t.txId,
        outputIndex: t.outputIndex,
        amount: t.amount,
        blockHeight: t.blockHeight,
        blockHash: t.blockHash ?? '',
        confirmations,
      });
    }
  }

  // ---- callbacks ----

  private enqueue(url: string, txKey: string | null, body: ChainCallback): void {
    this.deliveries.push({
      eventId: body.eventId,
      url,
      body,
      txKey,
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
    });
  }

  private async deliver(d: Delivery): Promise<void> {
    this.delivering.add(d.eventId);
    const text = JSON.stringify(d.body);
    d.attempts += 1;
    try {
      const sent = await postSignedCallback<{ code?: string; data?: { tracking?: boolean } }>(
        d.url,
        text,
        this.o.secret,
        this.now(),
      );
      if (sent.ok) {
        const answer = sent.answer;
        this.deliveries = this.deliveries.filter((x) => x !== d);
        if (d.txKey && answer.data?.tracking === false) {
          const t = this.transfers.get(d.txKey);
          if (t && !t.withdrawalId) t.tracking = false;
          // The updates already queued for it are not wanted either.
          this.deliveries = this.deliveries.filter(
            (x) => !(x.txKey === d.txKey && x.body.type === 'deposit.update'),
          );
        }
      } else this.retryLater(d, sent.error);
    } finally {
      this.delivering.delete(d.eventId);
    }
  }

  private retryLater(d: Delivery, error: string): void {
    d.lastError = error;
    const delay = retryDelayMs(d.attempts, this.o.retryBaseMs, this.o.retryMaxMs);
    d.nextAttemptAt = this.now() + delay;
    this.o.log.warn(
      { eventId: d.eventId, attempt: d.attempts, retryInMs: delay, error },
      'chain callback not acknowledged; retrying',
    );
  }

  /** Mines what is due and delivers what is due for an attempt (in order per transfer). */
  async tick(): Promise<void> {
    const now = this.now();
    let changed = false;
    for (const chain of this.chains.values()) {
      if (!chain.connected) continue;
      // At most a few blocks per tick: a process paused for long does not flood the exchange.
      for (let i = 0; i < 5 && now >= chain.nextBlockAt; i += 1) {
        this.mine(chain);
        chain.nextBlockAt += this.blockRealMs(chain.network);
        changed = true;
      }
      if (now >= chain.nextBlockAt) chain.nextBlockAt = now + this.blockRealMs(chain.network);
    }
    const busy = new Set<string>();
    const due: Delivery[] = [];
    for (const d of this.deliveries) {
      const lane = d.txKey ?? d.eventId;
      if (busy.has(lane) || this.delivering.has(d.eventId)) {
        busy.add(lane);
        continue;
      }
      busy.add(lane);
      if (now >= d.nextAttemptAt && !this.chainDown(d)) due.push(d);
    }
    await Promise.all(due.map((d) => this.deliver(d)));
    if (changed || due.length) this.save();
  }

  private chainDown(d: Delivery): boolean {
    return !this.chains.get(d.body.network as ChainNetwork)?.connected;
  }

  start(intervalMs = 100): void {
    let running = false;
    this.timer = setInterval(() => {
      if (running) return;
      running = true;
      this.tick()
        .catch((err: unknown) => this.o.log.error({ err }, 'chain simulator tick failed'))
        .finally(() => {
          running = false;
        });
    }, intervalMs);
  }

  stop(): void {
    clearInterval(this.timer);
    this.save();
  }

  private load(file: string): void {
    let saved: Saved;
    try {
      saved = JSON.parse(readFileSync(file, 'utf8')) as Saved;
    } catch {
      return;
    }
    for (const c of saved.chains)
      this.chains.set(c.network, { ...c, nextBlockAt: this.now() + this.blockRealMs(c.network) });
    for (const t of saved.transfers) this.transfers.set(keyOf(t), t);
    for (const [address, w] of saved.watches) this.watches.set(address, w);
    this.deliveries = saved.deliveries.map((d) => ({ ...d, nextAttemptAt: 0 }));
    for (const d of this.deliveries)
      if (d.body.type === 'withdrawal.confirmed' || d.body.type === 'withdrawal.failed')
        this.withdrawalUrls.set(d.body.withdrawalId, d.url);
    const urls = (saved as Saved & { withdrawalUrls?: [string, string][] }).withdrawalUrls ?? [];
    for (const [id, url] of urls) this.withdrawalUrls.set(id, url);
    // A state file from before `paid` was kept: the withdrawals it still holds were paid.
    for (const t of saved.transfers)
      if (t.withdrawalId) this.paid.set(t.withdrawalId, { network: t.network, txId: t.txId });
    for (const [id, p] of saved.paid ?? []) this.paid.set(id, p);
  }

  private save(): void {
    const file = this.o.statePath;
    if (!file) return;
    mkdirSync(path.dirname(file), { recursive: true });
    const saved: Saved & { withdrawalUrls: [string, string][] } = {
      chains: [...this.chains.values()],
      transfers: [...this.transfers.values()],
      watches: [...this.watches.entries()],
      deliveries: this.deliveries,
      withdrawalUrls: [...this.withdrawalUrls.entries()],
      paid: [...this.paid.entries()],
    };
    writeFileSync(`${file}.tmp`, JSON.stringify(saved));
    renameSync(`${file}.tmp`, file);
  }
}

/** "1.500" -> "1.5", "007" -> "7": one text per amount. */
function normalise(amount: string): string {
  const [whole = '0', frac = ''] = amount.split('.');
  const w = whole.replace(/^0+(?=\d)/, '');
  const f = frac.replace(/0+$/, '');
  return f ? `${w}.${f}` : w;
}

/** A short stable event id: the same event (a retry) has the same id, a new block a new one. */
function eventIdOf(...parts: string[]): string {
  return bytesToHex(sha256(utf8ToBytes(parts.join('|')))).slice(0, 40);
}
