import { createHash } from 'node:crypto';
import { CommandWindow, type CommandOutcome } from './command-window.js';
import {
  ErrorCode,
  type EngineCommand,
  type EngineEvent,
  type EngineHeldOrder,
  type EngineRebuildOrder,
  type EngineSymbolSpec,
} from '@exchange/contracts';
import { BUY, EV_ACCEPTED, EV_REJECTED, RS_REPLACED, RS_USER, SELL } from './codes.js';
import { decodeEvents } from './decode.js';
import { encodeDuplicate, encodeEvents } from './encode.js';
import { EventBuffer } from './event-buffer.js';
import type { JsonBytes } from './json-bytes.js';
import type { OrderBookFactory } from './order-book.js';
import { packNumbers, unpackNumbers } from './pack.js';
import type { RestingOrder } from './order-book.js';
import { PlaceParams, T_ICEBERG } from './place-params.js';
import { SymbolEngine, type SymbolState } from './symbol-engine.js';
import { toParams } from './to-params.js';

export interface ShardSnapshot {
  seq: number;
  /** The remembered commandIds, oldest first. */
  seenIds?: string[];
  /** Their outcomes, packed (pack.ts): firstSeq, lastSeq, and the reject code or -1 if accepted. */
  seenOutcomes?: string;
  /** Older snapshots: ids with their outcomes as objects. restore() reads both forms. */
  seen?: [string, CommandOutcome][];
  symbols: [string, SymbolState][];
}

/** An order the engine holds, as heldOrders() lists it (shared with the gateway). */
export type HeldOrder = EngineHeldOrder;
export type { CommandOutcome };

export interface ShardOptions {
  /**
   * How many recent commandIds are remembered for idempotency (and carried in snapshots); a
   * gateway retry comes within seconds, far inside this window.
   */
  dedupWindow?: number;
}

/**
 * All books of one shard (symbols x runtime modes) behind one deterministic command handler:
 * the same commands in the same order always give the same events and the same state hash,
 * which is what journal replay relies on. Events are numbered gap-free per shard.
 */
export class ShardEngine {
  seq = 0;
  private readonly books = new Map<string, SymbolEngine>();
  private readonly specs = new Map<string, EngineSymbolSpec>();
  /** The recent commandIds and their first answers (idempotency). */
  private readonly seen: CommandWindow;
  private readonly buf = new EventBuffer();
  private readonly params = new PlaceParams();
  /** The order the command being applied places, and its clientOrderId (events carry it). */
  private readonly named: { clientOrderId: string | undefined } = { clientOrderId: undefined };
  private newOrderId: number | undefined;
  /** The book engineFor() found last. */
  private lastMode = -1;
  private lastSymbol = '';
  private lastEngine: SymbolEngine | undefined;

  constructor(
    specs: EngineSymbolSpec[],
    private readonly newBook: OrderBookFactory,
    options: ShardOptions = {},
  ) {
    for (const s of specs) this.specs.set(s.symbol, s);
    this.seen = new CommandWindow(options.dedupWindow ?? 100_000);
  }

  handle(cmd: EngineCommand): EngineEvent[] {
    const slot = this.seen.find(cmd.commandId);
    if (slot >= 0) {
      const first = this.seen.outcome(slot);
      const e: EngineEvent = {
        seq: ++this.seq,
        commandId: cmd.commandId,
        ts: cmd.ts,
        runtimeMode: cmd.runtimeMode,
        symbol: cmd.symbol,
        type: 'DUPLICATE',
        ...first,
      };
      return [e];
    }
    this.apply(cmd);
    const events = decodeEvents(
      this.buf,
      cmd,
      this.seq + 1,
      this.named.clientOrderId,
      this.newOrderId,
    );
    this.commit(cmd.commandId);
    return events;
  }

  /**
   * handle() as the service runs it: the command's events are written to `out` as their JSON
   * array (byte for byte JSON.stringify(handle(cmd)), encode.ts) instead of objects; returns
   * how many there are. The state and the seq move exactly as handle() moves them.
   */
  handleEncoded(cmd: EngineCommand, out: JsonBytes): number {
    const slot = this.seen.find(cmd.commandId);
    if (slot >= 0) {
      encodeDuplicate(out, cmd, ++this.seq, this.seen.outcome(slot));
      return 1;
    }
    this.apply(cmd);
    encodeEvents(out, this.buf, cmd, this.seq + 1, this.named.clientOrderId, this.newOrderId);
    return this.commit(cmd.commandId);
  }

  /** Runs a command that is not a repeat: its event records into this.buf. */
  private apply(cmd: EngineCommand): void {
    const buf = this.buf;
    buf.reset();
    this.named.clientOrderId = undefined;
    this.newOrderId = undefined;
    const engine = this.engineFor(cmd.runtimeMode, cmd.symbol);
    if (engine === undefined) {
      const orderId = cmd.kind === 'cancel-place' ? cmd.order.orderId : cmd.orderId;
      buf.push(EV_REJECTED, orderId, cmd.userId, ErrorCode.SYMBOL_NOT_AVAILABLE.code, 0, 0, 0, 0);
    } else if (cmd.kind === 'place') {
      const p = toParams(this.params, cmd, cmd.userId, this.named);
      this.newOrderId = p.orderId;
      engine.place(p, buf);
    } else if (cmd.kind === 'cancel') {
      buf.push(EV_ACCEPTED, cmd.orderId, cmd.userId, 0, 0, 0, 0, 0);
      if (!engine.cancel(cmd.orderId, cmd.userId, RS_USER, buf)) {
        buf.reset();
        buf.push(EV_REJECTED, cmd.orderId, cmd.userId, ErrorCode.ORDER_NOT_FOUND.code, 0, 0, 0, 0);
      }
    } else if (cmd.kind === 'cancel-place') {
      this.cancelPlace(engine, cmd, buf);
    } else {
      engine.query(cmd.orderId, cmd.userId, buf);
    }
  }

  /** Numbers the events of the command just applied and remembers its outcome; returns how many. */
  private commit(commandId: string): number {
    const n = this.buf.length;
    if (n > 0) {
      const head = this.buf.at(0, 0);
      this.remember(
        commandId,
        this.seq + 1,
        this.seq + n,
        head === EV_REJECTED ? this.buf.at(0, 3) : -1,
      );
    }
    this.seq += n;
    return n;
  }

  /** Resting orders over all books. */
  restingCount(): number {
    let n = 0;
    for (const e of this.books.values()) n += e.book.size();
    return n;
  }

  book(runtimeMode: number, symbol: string): SymbolEngine | undefined {
    return this.books.get(`${runtimeMode}:${symbol}`);
  }

  snapshot(): ShardSnapshot {
    const ids: string[] = new Array<string>(this.seen.size);
    const outcomes = new Float64Array(this.seen.size * 3);
    let i = 0;
    this.seen.forEach((id, firstSeq, lastSeq, code) => {
      ids[i] = id;
      outcomes[i * 3] = firstSeq;
      outcomes[i * 3 + 1] = lastSeq;
      outcomes[i * 3 + 2] = code;
      i += 1;
    });
    return {
      seq: this.seq,
      seenIds: ids,
      seenOutcomes: packNumbers(outcomes),
      symbols: [...this.books.entries()].map(([k, e]) => [k, e.state()]),
    };
  }

  restore(s: ShardSnapshot): void {
    this.seq = s.seq;
    this.seen.clear();
    const keep = (id: string, firstSeq: number, lastSeq: number, code: number) => {
      if (this.seen.find(id) < 0) this.seen.add(id, firstSeq, lastSeq, code, false);
    };
    if (s.seenIds !== undefined && s.seenOutcomes !== undefined) {
      const a = unpackNumbers(s.seenOutcomes);
      s.seenIds.forEach((id, i) => keep(id, a[i * 3]!, a[i * 3 + 1]!, a[i * 3 + 2]!));
    } else {
      for (const [id, o] of s.seen ?? [])
        keep(id, o.firstSeq, o.lastSeq, o.accepted ? -1 : (o.code ?? 0));
    }
    this.books.clear();
    this.lastMode = -1;
    this.lastEngine = undefined;
    for (const [key, state] of s.symbols) {
      const [mode = '', symbol = ''] = key.split(':');
      this.engineFor(Number(mode), symbol)?.restore(state, this.buf);
    }
  }

  /**
   * Replaces the whole state with books rebuilt from the database's open orders, for an engine
   * whose journal was lost or is older than the exchange. The seq goes on from `seq` (what
   * settlement committed), so the next event follows the last one published without a gap.
   * Orders rest at the back of their price level in the order given (the database's time
   * priority), stops wait again, and each order's `place:<id>` command is remembered as accepted:
   * a placement sent again (settlement resends PENDING ones) answers DUPLICATE instead of being
   * refused as a second order with the same id, which would close the open one in the database.
   * Returns why orders could not be held (a symbol the shard does not list, a resting order
   * without a price); the state is then left as it was.
   */
  rebuild(
    seq: number,
    orders: readonly EngineRebuildOrder[],
    lastPrices: Readonly<Record<string, number>>,
  ): string[] {
    const problems: string[] = [];
    const books = new Map<string, SymbolState & { orders: RestingOrder[] }>();
    for (const o of orders) {
      const key = `${o.runtimeMode}:${o.symbol}`;
      const { spec } = o;
      if (!this.specs.has(o.symbol)) {
        problems.push(`order ${spec.orderId}: symbol ${o.symbol} is not in this shard`);
        continue;
      }
      let book = books.get(key);
      if (book === undefined) {
        book = { lastPrice: lastPrices[key] ?? -1, orders: [], pending: [] };
        books.set(key, book);
      }
      const params = toParams(new PlaceParams(), spec, o.userId);
      if (o.pending) {
        // A trailing order's best price since it activated is not in the database: it follows
        // from the last trade price again.
        book.pending.push({ params, active: o.active, extreme: o.active ? book.lastPrice : 0 });
        continue;
      }
      if (spec.price === undefined || o.remaining <= 0) {
        problems.push(`order ${spec.orderId}: no price or nothing left to rest`);
        continue;
      }
      // The iceberg's shown part is refilled to its peak: how much of the current one was
      // taken is known to the lost journal only.
      const peak =
        params.type === T_ICEBERG || (params.visible > 0 && params.visible < params.qty)
          ? params.visible
          : 0;
      const visible = peak > 0 && peak < o.remaining ? peak : o.remaining;
      book.orders.push({
        orderId: spec.orderId,
        userId: o.userId,
        side: spec.side === 'BUY' ? BUY : SELL,
        price: spec.price,
        visible,
        hidden: o.remaining - visible,
        peak,
        filled: o.filled,
      });
    }
    if (problems.length > 0) return problems;
    for (const [key, price] of Object.entries(lastPrices)) {
      if (!books.has(key) && this.specs.has(key.split(':')[1] ?? ''))
        books.set(key, { lastPrice: price, orders: [], pending: [] });
    }
    const accepted = (): CommandOutcome => ({ firstSeq: seq, lastSeq: seq, accepted: true });
    this.restore({
      seq,
      seen: orders.map((o) => [`place:${o.spec.orderId}`, accepted()]),
      symbols: [...books.entries()],
    });
    return [];
  }

  /**
   * Every order the engine holds, resting or waiting (stops), as "<mode>:<symbol>" and ids: what
   * an operator compares with the database when the two may disagree. Resting orders come in
   * priority order (bids best first, then asks, each level oldest first), then the stops; price
   * is in ticks (a stop's limit price, 0 for none).
   */
  heldOrders(): HeldOrder[] {
    const out: HeldOrder[] = [];
    for (const [book, e] of this.books) {
      for (const o of e.book.orders())
        out.push({
          book,
          orderId: o.orderId,
          userId: o.userId,
          side: o.side === BUY ? 'BUY' : 'SELL',
          price: o.price,
          remaining: o.visible + o.hidden,
          filled: o.filled,
        });
      for (const p of e.state().pending)
        out.push({
          book,
          orderId: p.params.orderId,
          userId: p.params.userId,
          side: p.params.side === BUY ? 'BUY' : 'SELL',
          price: p.params.price,
          remaining: p.params.qty,
          filled: 0,
        });
    }
    return out;
  }

  /** A digest of the whole state, to compare a replayed engine with the original. */
  stateHash(): string {
    return createHash('sha256').update(JSON.stringify(this.snapshot())).digest('hex');
  }

  /**
   * All or nothing, judged against the book without the old order: the replacement is checked
   * (fields, id, and the book as if the old order were gone: no counterparty, its lots out of
   * its level) before anything changes. A refusal is one REJECTED event for the new order, and
   * the old order stays exactly as it was, time priority included; otherwise the old order is
   * cancelled (REPLACED) and the new one placed, which the same check then accepts.
   */
  private cancelPlace(
    engine: SymbolEngine,
    cmd: Extract<EngineCommand, { kind: 'cancel-place' }>,
    buf: EventBuffer,
  ): void {
    const p = toParams(this.params, cmd.order, cmd.userId, this.named);
    this.newOrderId = p.orderId;
    const held = engine.holds(cmd.cancelOrderId, cmd.userId);
    const code =
      engine.refusal(p, held ? cmd.cancelOrderId : 0) ||
      (held ? 0 : ErrorCode.ORDER_NOT_FOUND.code);
    if (code !== 0) {
      buf.push(EV_REJECTED, p.orderId, p.userId, code, 0, 0, 0, 0);
      return;
    }
    engine.cancel(cmd.cancelOrderId, cmd.userId, RS_REPLACED, buf);
    engine.place(p, buf);
  }

  private engineFor(mode: number, symbol: string): SymbolEngine | undefined {
    // Commands of one book tend to come in runs: the last one found is asked first.
    if (mode === this.lastMode && symbol === this.lastSymbol) return this.lastEngine;
    const key = `${mode}:${symbol}`;
    let e = this.books.get(key);
    if (e === undefined) {
      const spec = this.specs.get(symbol);
      if (spec === undefined) return undefined;
      e = new SymbolEngine(this.newBook(), { minQty: spec.minQty, minNotional: spec.minNotional });
      this.books.set(key, e);
    }
    this.lastMode = mode;
    this.lastSymbol = symbol;
    this.lastEngine = e;
    return e;
  }

  /** Keeps a command's first answer: its seqs and its reject code (-1: accepted). */
  private remember(commandId: string, firstSeq: number, lastSeq: number, code: number): void {
    this.seen.add(commandId, firstSeq, lastSeq, code);
  }
}
