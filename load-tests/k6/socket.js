// Socket fan-out: CLIENTS market-data clients subscribed to one symbol's orderBook, trade and
// ticker (sequence gaps counted, trade-to-delivery from the trade's engine timestamp), and
// TRADERS logged-in clients on their private order and fills channels placing crossing orders
// over the socket at ORDER_RATE in total (place-to-reply and place-to-fill measured).
//   k6 run -e BASE_URL=http://127.0.0.1:8080 -e TOKENS_FILE=./tokens.json -e CLIENTS=2000 -e ORDER_RATE=200 socket.js
import ws from 'k6/ws';
import { check } from 'k6';
import exec from 'k6/execution';
import { Counter, Trend } from 'k6/metrics';
import { SYMBOL, WS_URL, orderBody, users } from './common.js';

const CLIENTS = Number(__ENV.CLIENTS || 2000);
const TRADERS = Math.min(Number(__ENV.TRADERS || 20), users.length - (users.length % 2));
const ORDER_RATE = Number(__ENV.ORDER_RATE || 200);
const SECONDS = Number(__ENV.SECONDS || 60);
const RUN = Date.now().toString(36);

const tradeDelivery = new Trend('trade_delivery', true);
const placeReply = new Trend('ws_place_reply', true);
const placeFill = new Trend('ws_place_fill', true);
const seqGaps = new Counter('seq_gaps');
const marketMessages = new Counter('market_messages');
const placeErrors = new Counter('ws_place_errors');
const socketErrors = new Counter('ws_socket_errors');

export const options = {
  scenarios: {
    market: {
      executor: 'per-vu-iterations',
      exec: 'market',
      vus: CLIENTS,
      iterations: 1,
      maxDuration: `${SECONDS + 120}s`,
    },
    traders: {
      executor: 'per-vu-iterations',
      exec: 'trader',
      vus: TRADERS,
      iterations: 1,
      startTime: '30s',
      maxDuration: `${SECONDS + 60}s`,
    },
  },
  thresholds: {
    trade_delivery: ['p(99)<100'],
    seq_gaps: ['count==0'],
    ws_place_reply: ['p(50)<10', 'p(99)<50'],
    ws_place_errors: ['count==0'],
    ws_socket_errors: ['count==0'],
  },
};

function send(socket, op, args, channel, requestId) {
  socket.send(JSON.stringify({ op, args, channel, requestId }));
}

export function market() {
  // Clients connect during the first 30 s, then hold until the traders are done.
  const holdMs = (SECONDS + 40) * 1000;
  const res = ws.connect(WS_URL, {}, (socket) => {
    let last = null;
    const held = [];
    socket.on('open', () => {
      send(socket, 'settings', { runtimeMode: 1 }, undefined, 's');
      send(socket, 'subscribe', { symbol: SYMBOL }, 'orderBook', 'b');
      send(socket, 'subscribe', { symbol: SYMBOL }, 'trade', 't');
      send(socket, 'subscribe', { symbol: SYMBOL }, 'ticker', 'k');
      socket.setInterval(() => send(socket, 'ping', undefined, undefined, 'p'), 20000);
      socket.setTimeout(() => socket.close(), holdMs);
    });
    socket.on('message', (raw) => {
      const m = JSON.parse(raw);
      if (m.event !== 'push') return;
      // A push holds one item, or an array of the items of one settlement batch.
      const items = Array.isArray(m.data) ? m.data : [m.data];
      marketMessages.add(items.length);
      if (m.channel === 'trade') for (const t of items) tradeDelivery.add(Date.now() - t.ts);
      if (m.channel !== 'orderBook') return;
      for (const d of items) {
        const seq = Number(d.seq);
        if (d.type === 'snapshot') {
          last = seq;
          for (const s of held.sort((a, b) => a - b))
            if (s > last) {
              if (s > last + 1) seqGaps.add(s - last - 1);
              last = s;
            }
          held.length = 0;
        } else if (last === null) held.push(seq);
        else if (seq > last) {
          if (seq > last + 1) seqGaps.add(seq - last - 1);
          last = seq;
        }
      }
    });
    socket.on('error', () => socketErrors.add(1));
  });
  check(res, { 'socket upgraded': (r) => r && r.status === 101 });
}

export function trader() {
  // One iteration per trader VU: the scenario's iteration number (0..TRADERS-1) picks its user;
  // even users buy, odd users sell, at 50,000, so every SELL meets another user's BUY.
  const me = exec.scenario.iterationInTest;
  const id = me;
  const perTraderRate = ORDER_RATE / TRADERS;
  const sentAt = {};
  const idToSent = {};
  let n = 0;
  ws.connect(WS_URL, {}, (socket) => {
    socket.on('open', () => {
      send(socket, 'login', { token: users[me].token, runtimeMode: 1 }, undefined, 'login');
      send(socket, 'subscribe', {}, 'order', 'o');
      send(socket, 'subscribe', {}, 'fills', 'f');
      socket.setInterval(() => send(socket, 'ping', undefined, undefined, 'p'), 20000);
      socket.setInterval(() => {
        const rid = `x${RUN}-${id}-${n++}`;
        sentAt[rid] = Date.now();
        send(
          socket,
          'place',
          orderBody({ side: me % 2 === 0 ? 'BUY' : 'SELL', price: '50000.00' }, rid),
          undefined,
          rid,
        );
      }, 1000 / perTraderRate);
      socket.setTimeout(() => socket.close(), SECONDS * 1000);
    });
    socket.on('message', (raw) => {
      const m = JSON.parse(raw);
      if (m.event === 'reply' && m.op === 'place' && sentAt[m.requestId] !== undefined) {
        placeReply.add(Date.now() - sentAt[m.requestId]);
        if (m.code !== '200' || m.data.status === 'REJECTED') placeErrors.add(1);
        else idToSent[m.data.id] = sentAt[m.requestId];
        delete sentAt[m.requestId];
      } else if (
        m.event === 'push' &&
        m.channel === 'fills' &&
        idToSent[m.data.orderId] !== undefined
      ) {
        placeFill.add(Date.now() - idToSent[m.data.orderId]);
        delete idToSent[m.data.orderId];
      }
    });
    socket.on('error', () => socketErrors.add(1));
  });
}
