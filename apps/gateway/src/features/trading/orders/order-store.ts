import { FlowType } from '@exchange/contracts';
import type { Sql } from '../../../db/sql.js';
import { AppError } from '../../../lib/app-error.js';
import type { OrderState } from './order-repository.js';
import type { CheckedOrder } from './order-rules.js';

/** An order to place: the row's identifying fields, and its checked amounts and freeze. */
export interface NewOrder
  extends Pick<
    OrderState,
    | 'userId'
    | 'mode'
    | 'symbol'
    | 'clientOrderId'
    | 'side'
    | 'type'
    | 'timeInForce'
    | 'triggerDirection'
  > {
  checked: CheckedOrder;
  at: Date;
}

/** What became of one order of a batch. */
export type Placed = { outcome: 'PLACED'; id: bigint } | { outcome: 'DUPLICATE'; id: bigint };

interface Waiting {
  order: NewOrder;
  resolve(p: Placed): void;
  reject(err: unknown): void;
}

/**
 * Placement's writes, batched: every order that arrives while earlier batches are in flight
 * goes to Postgres in the next batch, as one call of the `place_orders` function (one round
 * trip and one commit for the batch; see its migration). For each order, in one transaction:
 * insert the order, move the funds from available to frozen if they are there, and write the
 * freeze's two ledger entries. Under light load a batch holds one order and goes at once; under
 * heavy load batches grow, and the cost per order falls instead of queueing up.
 *
 * Adaptive grouping: with no batch in flight, what is queued goes at once. While one is in
 * flight, the next waits for it to finish (taking everything that arrived meanwhile), unless
 * `groupMin` orders are queued or the oldest has waited `lingerMs`: under load the groups
 * grow with the queue (each batch costs a round trip and a commit whatever its size), and an
 * order waits at most `lingerMs` longer than it would with every lane open at once.
 * An order the balance does not cover fails with INSUFFICIENT_BALANCE and changes nothing.
 */
export class PlacementWriter {
  private queue: Waiting[] = [];
  private inFlight = 0;
  private scheduled = false;
  private lingering: NodeJS.Timeout | undefined;
  /** Batches written and the orders in them, since start (for benchmarks and tests). */
  readonly stats = { batches: 0, orders: 0 };

  constructor(
    private readonly sql: Sql,
    private readonly o: {
      lanes?: number;
      maxBatch?: number;
      /** Queued orders that open another lane while a batch is in flight (16). */
      groupMin?: number;
      /** The longest an order waits for a lane held back while a batch is in flight (2 ms). */
      lingerMs?: number;
    } = {},
  ) {}

  place(order: NewOrder): Promise<Placed> {
    return new Promise<Placed>((resolve, reject) => {
      this.queue.push({ order, resolve, reject });
      this.kick();
    });
  }

  private kick(): void {
    if (this.scheduled || this.queue.length === 0 || this.inFlight >= (this.o.lanes ?? 2)) return;
    if (this.inFlight > 0 && this.queue.length < (this.o.groupMin ?? 16)) {
      // A batch is in flight: let the group grow until it ends, enough orders queue up, or
      // the linger runs out.
      this.lingering ??= setTimeout(() => {
        this.lingering = undefined;
        this.flush();
      }, this.o.lingerMs ?? 2);
      return;
    }
    this.scheduled = true;
    // Orders arriving in the same turn of the event loop join the same batch.
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    clearTimeout(this.lingering);
    this.lingering = undefined;
    while (this.queue.length > 0 && this.inFlight < (this.o.lanes ?? 2)) {
      const batch = this.queue.splice(0, this.o.maxBatch ?? 500);
      this.inFlight += 1;
      this.stats.batches += 1;
      this.stats.orders += batch.length;
      void this.write(batch).finally(() => {
        this.inFlight -= 1;
        this.kick();
      });
    }
  }

  private async write(batch: Waiting[]): Promise<void> {
    const rows = batch.map(({ order: o }, i) => {
      const v = o.checked.values;
      return {
        i,
        userId: o.userId,
        mode: o.mode,
        symbol: o.symbol,
        clientOrderId: o.clientOrderId,
        side: o.side,
        type: o.type,
        timeInForce: o.timeInForce,
        price: n(v.price),
        quantity: n(v.quantity),
        quoteAmount: n(v.quoteAmount),
        icebergSize: n(v.icebergSize),
        triggerPrice: n(v.triggerPrice),
        triggerDirection: o.triggerDirection,
        trailingDelta: n(v.trailingDelta),
        activationPrice: n(v.activationPrice),
        frozenAsset: o.checked.freezeAsset,
        amount: o.checked.freezeAmount,
        at: o.at.toISOString().slice(0, 23),
      };
    });
    let result: { idx: number; order_id: string | null; outcome: string }[];
    try {
      const res = await this.sql.query<{ idx: number; order_id: string | null; outcome: string }>({
        name: 'place-orders',
        text: 'SELECT idx, order_id, outcome FROM place_orders($1::jsonb, $2)',
        values: [JSON.stringify(rows), FlowType.SPOT_ORDER_FREEZE],
      });
      result = res.rows;
    } catch (err) {
      for (const w of batch) w.reject(err);
      return;
    }
    const byIdx = new Map(result.map((r) => [r.idx, r]));
    for (const [i, w] of batch.entries()) {
      const r = byIdx.get(i);
      if (r?.outcome === 'PLACED' && r.order_id !== null)
        w.resolve({ outcome: 'PLACED', id: BigInt(r.order_id) });
      else if (r?.outcome === 'DUPLICATE' && r.order_id !== null)
        w.resolve({ outcome: 'DUPLICATE', id: BigInt(r.order_id) });
      else if (r?.outcome === 'INSUFFICIENT_BALANCE')
        w.reject(new AppError('INSUFFICIENT_BALANCE'));
      else w.reject(new Error(`placement returned no outcome for order ${i}`));
    }
  }
}

const n = (v: string | undefined) => v ?? null;

/** One order through a writer of its own (scripts and tests); the gateway shares one writer. */
export async function insertAndFreeze(sql: Sql, o: NewOrder): Promise<bigint> {
  const placed = await new PlacementWriter(sql).place(o);
  if (placed.outcome !== 'PLACED')
    throw new Error(`clientOrderId ${o.clientOrderId ?? ''} was used before`);
  return placed.id;
}
