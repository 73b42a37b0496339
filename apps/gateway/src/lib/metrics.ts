import { Counter, Gauge, Histogram, LATENCY_BUCKETS, once } from '@exchange/metrics';

/**
 * The gateway's Prometheus series (see packages/metrics and docs/operations.md, Metrics). They
 * live in the process's default registry, served on METRICS_PORT by server.ts (by the cluster's
 * primary, summed over its workers, when GATEWAY_PROCESSES > 1). Series whose value is read at
 * scrape time (pools, queues, settlement lag) are in plugins/metrics.ts.
 */

/** The route pattern of a request (`/v1/spot-order/:id`), never the URL: bounded labels. */
export const httpRequests = once(
  'exchange_http_requests_total',
  () =>
    new Counter({
      name: 'exchange_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status'],
    }),
);

export const httpDuration = once(
  'exchange_http_request_duration_seconds',
  () =>
    new Histogram({
      name: 'exchange_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer sent, by method and route pattern.',
      labelNames: ['method', 'route'],
      buckets: LATENCY_BUCKETS,
    }),
);

/** From the place request's arrival to the verdict that answers it (settled or pending). */
export const orderVerdict = once(
  'exchange_order_place_to_verdict_seconds',
  () =>
    new Histogram({
      name: 'exchange_order_place_to_verdict_seconds',
      help: 'Time from an order placement arriving to its verdict (the engine matched it and settlement committed it), by outcome.',
      labelNames: ['outcome'],
      buckets: LATENCY_BUCKETS,
    }),
);

export const socketConnections = once(
  'exchange_socket_connections',
  () =>
    new Gauge({
      name: 'exchange_socket_connections',
      help: 'Open socket connections.',
    }),
);

export const socketSubscriptions = once(
  'exchange_socket_subscriptions',
  () =>
    new Gauge({
      name: 'exchange_socket_subscriptions',
      help: 'Channel subscriptions held by open sockets.',
    }),
);

export const socketPushes = once(
  'exchange_socket_pushes_total',
  () =>
    new Counter({
      name: 'exchange_socket_pushes_total',
      help: 'Messages pushed to sockets, by channel.',
      labelNames: ['channel'],
    }),
);

export const socketDropped = once(
  'exchange_socket_dropped_slow_clients_total',
  () =>
    new Counter({
      name: 'exchange_socket_dropped_slow_clients_total',
      help: 'Sockets closed because they did not read what they were sent (their buffer passed its bound).',
    }),
);

/** From the trade's settlement commit to its push being written to the sockets. */
export const tradePushDelay = once(
  'exchange_socket_trade_push_delay_seconds',
  () =>
    new Histogram({
      name: 'exchange_socket_trade_push_delay_seconds',
      help: 'Time from a trade committed by settlement to its push written to the subscribed sockets of this process.',
      buckets: LATENCY_BUCKETS,
    }),
);

/** party: kyc, chain, bank, card; outcome: ok, refused (4xx), failed (5xx), unreachable. */
export const outsideCalls = once(
  'exchange_outside_calls_total',
  () =>
    new Counter({
      name: 'exchange_outside_calls_total',
      help: 'Calls to outside parties (KYC provider, chains, bank, card processor), by party and outcome.',
      labelNames: ['party', 'outcome'],
    }),
);

export const outsideCallDuration = once(
  'exchange_outside_call_duration_seconds',
  () =>
    new Histogram({
      name: 'exchange_outside_call_duration_seconds',
      help: 'Time an outside party took to answer a call, by party.',
      labelNames: ['party'],
      buckets: LATENCY_BUCKETS,
    }),
);

/** outcome: accepted (2xx), refused (4xx: bad signature, stale, unknown), failed (5xx). */
export const outsideCallbacks = once(
  'exchange_outside_callbacks_total',
  () =>
    new Counter({
      name: 'exchange_outside_callbacks_total',
      help: 'Signed callbacks received from outside parties, by party and outcome.',
      labelNames: ['party', 'outcome'],
    }),
);

/** The outcome of an HTTP status: ok, refused (4xx), failed (anything else). */
export function outcomeOf(status: number): 'ok' | 'refused' | 'failed' {
  return status < 400 ? 'ok' : status < 500 ? 'refused' : 'failed';
}

/**
 * fetch() to an outside party, counted by party and outcome and timed; a network error or
 * timeout counts as `unreachable` and is thrown on as before.
 */
export async function partyFetch(
  party: 'kyc' | 'chain' | 'bank' | 'card',
  input: URL | string,
  init?: RequestInit,
): Promise<Response> {
  const end = outsideCallDuration.startTimer({ party });
  try {
    const res = await fetch(input, init);
    outsideCalls.inc({ party, outcome: outcomeOf(res.status) });
    return res;
  } catch (err) {
    outsideCalls.inc({ party, outcome: 'unreachable' });
    throw err;
  } finally {
    end();
  }
}

/** `partyFetch` for one party, in the shape `signedPost` and `signedGet` take. */
export function partyFetcher(
  party: Parameters<typeof partyFetch>[0],
): (input: URL | string, init?: RequestInit) => Promise<Response> {
  return (input, init) => partyFetch(party, input, init);
}

/** Every failed attempt of a job (a retry that fails again counts again), by job name. */
export const jobFailures = once(
  'exchange_job_failures_total',
  () =>
    new Counter({
      name: 'exchange_job_failures_total',
      help: 'Failed attempts of background jobs (e-mail, reviews, batch windows...), by job name.',
      labelNames: ['job'],
    }),
);

interface PoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  ended?: boolean;
}
const pools = new Map<PoolLike, string>();

/** Reports a node-postgres pool in exchange_db_pool_connections until it ends. */
export function observePool<P extends PoolLike>(pool: P, name: string): P {
  pools.set(pool, name);
  return pool;
}

once(
  'exchange_db_pool_connections',
  () =>
    new Gauge({
      name: 'exchange_db_pool_connections',
      help: 'Postgres connections of the process pools (prisma, gateway-sql), by state: in_use, idle, and waiting (requests queued for a connection).',
      labelNames: ['pool', 'state'],
      collect() {
        this.reset();
        for (const [pool, name] of pools) {
          if (pool.ended) {
            pools.delete(pool);
            continue;
          }
          this.inc({ pool: name, state: 'in_use' }, pool.totalCount - pool.idleCount);
          this.inc({ pool: name, state: 'idle' }, pool.idleCount);
          this.inc({ pool: name, state: 'waiting' }, pool.waitingCount);
        }
      },
    }),
);
