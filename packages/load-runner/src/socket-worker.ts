// A worker thread holding a share of the market-data socket clients: each sets Demo mode and
// subscribes to one symbol's orderBook and trade channels, counts sequence gaps and measures
// trade-to-delivery from the trade's engine timestamp.
import { parentPort, workerData } from 'node:worker_threads';
import { pushFramePrefix } from '@exchange/contracts';
import { SeqTracker } from './gaps.js';
import { BenchSocket } from './socket-client.js';
import { Histogram } from './stats.js';

interface Input {
  wsUrl: string;
  clients: number;
  symbol: string;
  concurrency: number;
}

const input = workerData as Input;
const port = parentPort;
if (!port) throw new Error('socket-worker must run as a worker thread');

const sockets: { s: BenchSocket; seq: SeqTracker }[] = [];
/**
 * Calls `each` with every unsigned integer that follows `key` in `text`; returns how many. A
 * scan with indexOf: 2,000 clients read ~100,000 pushes a second on the exchange's own cores.
 */
function eachNumberAfter(text: string, key: string, each: (n: number) => void): number {
  let count = 0;
  let at = text.indexOf(key);
  while (at >= 0) {
    let i = at + key.length;
    let n = 0;
    let c = text.charCodeAt(i);
    while (c >= 48 && c <= 57) {
      n = n * 10 + (c - 48);
      c = text.charCodeAt(++i);
    }
    each(n);
    count++;
    at = text.indexOf(key, i);
  }
  return count;
}
let measuring = false;
let messages = 0;
/** WebSocket messages (pushes) behind `messages` (items): a push may carry a batch. */
let frames = 0;
let tradeMessages = 0;
let bookMessages = 0;
let failed = 0;
const failures = new Map<string, number>();
let hist = new Histogram(1, 60_000);
const BOOK_PUSH = pushFramePrefix('orderBook');
const TRADE_PUSH = pushFramePrefix('trade');

async function openOne(): Promise<void> {
  const s = await BenchSocket.open(input.wsUrl);
  const seq = new SeqTracker();
  s.onPush = (p, receivedAt) => {
    if (p.channel === 'orderBook') {
      const d = p.data as { type?: string; seq?: number };
      if (d.type === 'snapshot') seq.snapshot(Number(d.seq));
      else seq.increment(Number(d.seq));
      if (measuring) {
        messages++;
        bookMessages++;
      }
    } else if (p.channel === 'trade') {
      if (measuring) {
        messages++;
        tradeMessages++;
        const ts = (p.data as { ts?: number }).ts;
        if (typeof ts === 'number') hist.record(receivedAt - ts);
      }
    }
  };
  // Increments and trades are read without a JSON parse (see BenchSocket.onRawPush); the
  // gateway writes pushes as {"event":"push","channel":"<channel>",...,"data":{...}}
  // (contracts pushFramePrefix).
  s.onRawPush = (text, receivedAt) => {
    // A push holds one item or an array of one settlement batch's items; each is counted.
    if (text.startsWith(BOOK_PUSH)) {
      if (!text.includes('"type":"increment"', 40)) return false;
      const n = eachNumberAfter(text, '"seq":', (v) => seq.increment(v));
      if (n === 0) return false;
      if (measuring) {
        messages += n;
        bookMessages += n;
        frames++;
      }
      return true;
    }
    if (text.startsWith(TRADE_PUSH)) {
      const n = eachNumberAfter(
        text,
        '"ts":',
        measuring ? (v) => hist.record(receivedAt - v) : () => undefined,
      );
      if (n === 0) return false;
      if (measuring) {
        messages += n;
        tradeMessages += n;
        frames++;
      }
      return true;
    }
    return false;
  };
  await s.must('settings', { runtimeMode: 1 });
  await s.must('subscribe', { symbol: input.symbol }, 'orderBook');
  await s.must('subscribe', { symbol: input.symbol }, 'trade');
  sockets.push({ s, seq });
}

async function connectAll(): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < input.clients) {
      next++;
      try {
        await openOne();
      } catch (err) {
        failed++;
        const m = err instanceof Error ? err.message : String(err);
        failures.set(m, (failures.get(m) ?? 0) + 1);
      }
    }
  };
  await Promise.all(Array.from({ length: input.concurrency }, lane));
}

port.on('message', (msg: { cmd: string }) => {
  if (msg.cmd === 'start') {
    measuring = true;
    messages = 0;
    frames = 0;
    tradeMessages = 0;
    bookMessages = 0;
    hist = new Histogram(1, 60_000);
    for (const c of sockets) {
      c.seq.gaps = 0;
      c.seq.gapEvents = 0;
    }
  } else if (msg.cmd === 'progress') {
    port.postMessage({ type: 'progress', messages });
  } else if (msg.cmd === 'stop') {
    measuring = false;
    const open = sockets.filter((c) => !c.s.closedUnexpectedly).length;
    const dropCodes: Record<string, number> = {};
    const dropTimes: number[] = [];
    for (const c of sockets)
      if (c.s.closedUnexpectedly) {
        const code = String(c.s.closeCode ?? '?');
        dropCodes[code] = (dropCodes[code] ?? 0) + 1;
        if (c.s.closedAt !== undefined) dropTimes.push(c.s.closedAt);
      }
    port.postMessage({
      type: 'result',
      held: open,
      dropped: sockets.length - open,
      dropCodes,
      firstDropAt: dropTimes.length ? Math.min(...dropTimes) : null,
      failed,
      failures: Object.fromEntries(failures),
      messages,
      frames,
      tradeMessages,
      bookMessages,
      gaps: sockets.reduce((n, c) => n + c.seq.gaps, 0),
      gapEvents: sockets.reduce((n, c) => n + c.seq.gapEvents, 0),
      clientsWithGaps: sockets.filter((c) => c.seq.gaps > 0).length,
      noSnapshot: sockets.filter((c) => c.seq.last === null).length,
      hist: { buckets: hist.buckets, count: hist.count, maxSeen: hist.maxSeen },
    });
  } else if (msg.cmd === 'close') {
    for (const c of sockets) c.s.close();
    setTimeout(() => process.exit(0), 500).unref();
  }
});

void connectAll().then(() => port.postMessage({ type: 'connected', held: sockets.length, failed }));
