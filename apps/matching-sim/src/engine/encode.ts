import type { EngineCommand } from '@exchange/contracts';
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
import { fragment, type JsonBytes } from './json-bytes.js';

const SEQ = fragment('{"seq":');
const COMMAND_ID = fragment(',"commandId":');
const TS = fragment(',"ts":');
const MODE = fragment(',"runtimeMode":');
const SYMBOL = fragment(',"symbol":');
const ACCEPTED = fragment(',"type":"ACCEPTED","orderId":');
const REJECTED = fragment(',"type":"REJECTED","orderId":');
const TRADE = fragment(',"type":"TRADE","makerOrderId":');
const STATUS = fragment(',"type":"ORDER_STATUS","orderId":');
const DELTA = fragment(',"type":"BOOK_DELTA","side":');
const STATE = fragment(',"type":"ORDER_STATE","orderId":');
const DUPLICATE = fragment(',"type":"DUPLICATE","firstSeq":');
const USER_ID = fragment(',"userId":');
const CODE = fragment(',"code":');
const CLIENT_ORDER_ID = fragment(',"clientOrderId":');
const MAKER_USER_ID = fragment(',"makerUserId":');
const TAKER_ORDER_ID = fragment(',"takerOrderId":');
const TAKER_USER_ID = fragment(',"takerUserId":');
const PRICE = fragment(',"price":');
const QUANTITY = fragment(',"quantity":');
const TAKER_SIDE = fragment(',"takerSide":');
const STATUS_FIELD = fragment(',"status":');
const FILLED = fragment(',"filledQuantity":');
const REMAINING = fragment(',"remainingQuantity":');
const REASON = fragment(',"reason":');
const FOUND_FALSE = fragment(',"found":false');
const FOUND_TRUE = fragment(',"found":true');
const SIDE = fragment(',"side":');
const LAST_SEQ = fragment(',"lastSeq":');
const ACCEPTED_TRUE = fragment(',"accepted":true');
const ACCEPTED_FALSE = fragment(',"accepted":false');
const SIDES = [fragment('"BUY"'), fragment('"SELL"')] as const;
const STATUSES = STATUS_NAMES.map((s) => fragment(`"${s}"`));
const REASONS = REASON_NAMES.map((r) => (r === undefined ? undefined : fragment(`"${r}"`)));

const side = (n: number) => (n === BUY ? SIDES[0] : SIDES[1]);

function statusBytes(n: number): Uint8Array {
  const s = STATUSES[n];
  if (s === undefined) throw new Error(`unknown status code ${n}`);
  return s;
}

/**
 * Writes the fields every event of a command shares, from its seq's end to its type: once per
 * command, then copied (JsonBytes.again) into each of its events.
 */
function writeShared(w: JsonBytes, cmd: EngineCommand): void {
  w.raw(COMMAND_ID);
  w.str(cmd.commandId);
  w.raw(TS);
  w.int(cmd.ts);
  w.raw(MODE);
  w.int(cmd.runtimeMode);
  w.raw(SYMBOL);
  w.str(cmd.symbol);
}

/**
 * Writes one command's event records as the JSON array of contract events, numbered from
 * `firstSeq`: byte for byte what JSON.stringify(decodeEvents(...)) gives (the same fields in
 * the same order), without an object per event. The service publishes these bytes.
 */
export function encodeEvents(
  w: JsonBytes,
  buf: EventBuffer,
  cmd: EngineCommand,
  firstSeq: number,
  clientOrderId?: string,
  newOrderId?: number,
): void {
  w.byte(0x5b);
  let sharedFrom = -1;
  let sharedTo = -1;
  const d = buf.data;
  for (let i = 0; i < buf.length; i++) {
    const r = i * 8;
    const f1 = d[r + 1] as number;
    const f2 = d[r + 2] as number;
    const f3 = d[r + 3] as number;
    if (i > 0) w.byte(0x2c);
    w.raw(SEQ);
    w.int(firstSeq + i);
    if (sharedFrom < 0) {
      sharedFrom = w.length;
      writeShared(w, cmd);
      sharedTo = w.length;
    } else w.again(sharedFrom, sharedTo);
    const kind = d[r] as number;
    if (kind === EV_TRADE) {
      w.raw(TRADE);
      w.int(f1);
      w.raw(MAKER_USER_ID);
      w.int(f2);
      w.raw(TAKER_ORDER_ID);
      w.int(f3);
      w.raw(TAKER_USER_ID);
      w.int(d[r + 4] as number);
      w.raw(PRICE);
      w.int(d[r + 5] as number);
      w.raw(QUANTITY);
      w.int(d[r + 6] as number);
      w.raw(TAKER_SIDE);
      w.raw(side(d[r + 7] as number));
    } else if (kind === EV_STATUS) {
      w.raw(STATUS);
      w.int(f1);
      w.raw(USER_ID);
      w.int(f2);
      w.raw(STATUS_FIELD);
      w.raw(statusBytes(f3));
      w.raw(FILLED);
      w.int(d[r + 4] as number);
      w.raw(REMAINING);
      w.int(d[r + 5] as number);
      const reason = REASONS[d[r + 6] as number];
      if (reason !== undefined) {
        w.raw(REASON);
        w.raw(reason);
      }
    } else if (kind === EV_DELTA) {
      w.raw(DELTA);
      w.raw(side(f1));
      w.raw(PRICE);
      w.int(f2);
      w.raw(QUANTITY);
      w.int(f3);
    } else if (kind === EV_ACCEPTED || kind === EV_REJECTED) {
      w.raw(kind === EV_ACCEPTED ? ACCEPTED : REJECTED);
      w.int(f1);
      w.raw(USER_ID);
      w.int(f2);
      if (kind === EV_REJECTED) {
        w.raw(CODE);
        w.int(f3);
      }
      if (clientOrderId !== undefined && f1 === newOrderId) {
        w.raw(CLIENT_ORDER_ID);
        w.str(clientOrderId);
      }
    } else if (kind === EV_STATE) {
      w.raw(STATE);
      w.int(f1);
      w.raw(USER_ID);
      w.int(f2);
      if (f3 > 0) {
        w.raw(FOUND_TRUE);
        w.raw(STATUS_FIELD);
        w.raw(statusBytes(f3 - 1));
        w.raw(SIDE);
        w.raw(side(d[r + 4] as number));
        w.raw(PRICE);
        w.int(d[r + 5] as number);
        w.raw(REMAINING);
        w.int(d[r + 6] as number);
        w.raw(FILLED);
        w.int(d[r + 7] as number);
      } else w.raw(FOUND_FALSE);
    } else throw new Error(`unknown event record kind ${kind}`);
    w.byte(0x7d);
  }
  w.byte(0x5d);
}

/** The DUPLICATE answer to a repeated commandId, as a one-event JSON array (see encodeEvents). */
export function encodeDuplicate(
  w: JsonBytes,
  cmd: EngineCommand,
  seq: number,
  first: { firstSeq: number; lastSeq: number; accepted: boolean; code?: number },
): void {
  w.byte(0x5b);
  w.raw(SEQ);
  w.int(seq);
  writeShared(w, cmd);
  w.raw(DUPLICATE);
  w.int(first.firstSeq);
  w.raw(LAST_SEQ);
  w.int(first.lastSeq);
  w.raw(first.accepted ? ACCEPTED_TRUE : ACCEPTED_FALSE);
  if (first.code !== undefined) {
    w.raw(CODE);
    w.int(first.code);
  }
  w.byte(0x7d);
  w.byte(0x5d);
}
