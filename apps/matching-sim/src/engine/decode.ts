import type { EngineCommand, EngineEvent } from '@exchange/contracts';
import {
  BUY,
  EV_ACCEPTED,
  EV_DELTA,
  EV_REJECTED,
  EV_STATE,
  EV_STATUS,
  EV_TRADE,
  REASON_NAMES,
  STATUS_NAMES,
} from './codes.js';
import type { EventBuffer } from './event-buffer.js';

const sideName = (n: number) => (n === BUY ? 'BUY' : 'SELL');

function statusName(n: number): (typeof STATUS_NAMES)[number] {
  const s = STATUS_NAMES[n];
  if (s === undefined) throw new Error(`unknown status code ${n}`);
  return s;
}

/**
 * Turns one command's event records into contract events, numbering them from `firstSeq`.
 * The order's clientOrderId rides on its ACCEPTED / REJECTED event. Objects are built field
 * by field (no spreads): this runs for every event the service publishes.
 */
export function decodeEvents(
  buf: EventBuffer,
  cmd: EngineCommand,
  firstSeq: number,
  clientOrderId?: string,
  newOrderId?: number,
): EngineEvent[] {
  const out: EngineEvent[] = [];
  const { commandId, ts, runtimeMode, symbol } = cmd;
  for (let i = 0; i < buf.length; i++) {
    const f = (k: number) => buf.at(i, k);
    const seq = firstSeq + i;
    const kind = f(0);
    if (kind === EV_ACCEPTED || kind === EV_REJECTED) {
      const e: EngineEvent =
        kind === EV_ACCEPTED
          ? {
              seq,
              commandId,
              ts,
              runtimeMode,
              symbol,
              type: 'ACCEPTED',
              orderId: f(1),
              userId: f(2),
            }
          : {
              seq,
              commandId,
              ts,
              runtimeMode,
              symbol,
              type: 'REJECTED',
              orderId: f(1),
              userId: f(2),
              code: f(3),
            };
      if (clientOrderId !== undefined && f(1) === newOrderId) e.clientOrderId = clientOrderId;
      out.push(e);
    } else if (kind === EV_TRADE) {
      out.push({
        seq,
        commandId,
        ts,
        runtimeMode,
        symbol,
        type: 'TRADE',
        makerOrderId: f(1),
        makerUserId: f(2),
        takerOrderId: f(3),
        takerUserId: f(4),
        price: f(5),
        quantity: f(6),
        takerSide: sideName(f(7)),
      });
    } else if (kind === EV_STATUS) {
      const e: EngineEvent = {
        seq,
        commandId,
        ts,
        runtimeMode,
        symbol,
        type: 'ORDER_STATUS',
        orderId: f(1),
        userId: f(2),
        status: statusName(f(3)),
        filledQuantity: f(4),
        remainingQuantity: f(5),
      };
      const reason = REASON_NAMES[f(6)];
      if (reason !== undefined) e.reason = reason;
      out.push(e);
    } else if (kind === EV_DELTA) {
      out.push({
        seq,
        commandId,
        ts,
        runtimeMode,
        symbol,
        type: 'BOOK_DELTA',
        side: sideName(f(1)),
        price: f(2),
        quantity: f(3),
      });
    } else if (kind === EV_STATE) {
      const e: EngineEvent = {
        seq,
        commandId,
        ts,
        runtimeMode,
        symbol,
        type: 'ORDER_STATE',
        orderId: f(1),
        userId: f(2),
        found: f(3) > 0,
      };
      if (e.found)
        Object.assign(e, {
          status: statusName(f(3) - 1),
          side: sideName(f(4)),
          price: f(5),
          remainingQuantity: f(6),
          filledQuantity: f(7),
        });
      out.push(e);
    } else throw new Error(`unknown event record kind ${kind}`);
  }
  return out;
}
