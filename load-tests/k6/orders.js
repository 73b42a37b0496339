// REST order path: placement at a fixed arrival rate (half passive, half crossing pairs that
// fill) plus place-then-cancel of passive orders, with thresholds on latency and errors.
//   k6 run -e BASE_URL=http://127.0.0.1:8080 -e TOKENS_FILE=./tokens.json -e RATE=2000 -e DURATION=60s orders.js
import http from 'k6/http';
import { check } from 'k6';
import exec from 'k6/execution';
import { Counter, Trend } from 'k6/metrics';
import { BASE_URL, headers, orderBody, plannedOrder, users } from './common.js';

const RATE = Number(__ENV.RATE || 2000);
const CANCEL_RATE = Number(__ENV.CANCEL_RATE || 100);
const DURATION = __ENV.DURATION || '60s';
const RUN = Date.now().toString(36);

const placeLatency = new Trend('place_latency', true);
const cancelLatency = new Trend('cancel_latency', true);
const orderErrors = new Counter('order_errors');
const pendingReplies = new Counter('pending_replies');

export const options = {
  discardResponseBodies: false,
  scenarios: {
    place: {
      executor: 'constant-arrival-rate',
      exec: 'place',
      rate: RATE,
      timeUnit: '1s',
      duration: DURATION,
      preAllocatedVUs: Math.max(50, RATE / 10),
      maxVUs: Math.max(200, RATE / 2),
    },
    cancel: {
      executor: 'constant-arrival-rate',
      exec: 'placeAndCancel',
      rate: CANCEL_RATE,
      timeUnit: '1s',
      duration: DURATION,
      preAllocatedVUs: 20,
      maxVUs: 200,
    },
  },
  thresholds: {
    place_latency: ['p(50)<10', 'p(99)<50', 'p(99.9)<200'],
    cancel_latency: ['p(99)<50'],
    order_errors: ['count==0'],
    http_req_failed: ['rate==0'],
    dropped_iterations: ['count==0'],
  },
};

function postJson(path, token, body, tag) {
  return http.post(`${BASE_URL}${path}`, JSON.stringify(body), {
    headers: headers(token),
    tags: { name: tag },
  });
}

export function place() {
  const k = exec.scenario.iterationInTest;
  const o = plannedOrder(k, users.length, false);
  const res = postJson(
    '/v1/spot-order/place',
    users[o.user].token,
    orderBody(o, `k6${RUN}${k}`),
    'place',
  );
  placeLatency.add(res.timings.duration);
  const body = res.status === 200 ? res.json() : null;
  const ok = check(res, {
    'place 200': (r) =>
      r.status === 200 && body && body.code === '200' && body.data.status !== 'REJECTED',
  });
  if (!ok) orderErrors.add(1);
  else if (body.data.status === 'PENDING') pendingReplies.add(1);
}

export function placeAndCancel() {
  const k = exec.scenario.iterationInTest;
  const o = plannedOrder(k * 2, users.length, false); // always a passive order that rests
  const token = users[o.user].token;
  const res = postJson('/v1/spot-order/place', token, orderBody(o, `k6c${RUN}${k}`), 'place');
  placeLatency.add(res.timings.duration);
  if (res.status !== 200) {
    orderErrors.add(1);
    return;
  }
  const id = res.json().data.id;
  const c = postJson('/v1/spot-order/cancel', token, { orderId: id }, 'cancel');
  cancelLatency.add(c.timings.duration);
  if (!check(c, { 'cancel 200': (r) => r.status === 200 })) orderErrors.add(1);
}
