import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import {
  CANDLE_INTERVALS,
  candleInterval,
  ErrorCode,
  PRIVATE_CHANNELS,
  SOCKET_LOGGED_IN_ELSEWHERE_CLOSE_CODE,
  SOCKET_MAX_SUBSCRIPTIONS,
  SOCKET_ENDPOINT,
  SOCKET_SESSION_ENDED_CLOSE_CODE,
  languageCode,
  parseRuntimeMode,
  resolveLanguage,
  runtimeModeArg,
  socketChannelArgs,
  socketRequest,
  translateError,
  type Order,
  type PushPayload,
  type SocketChannel,
  type SocketOp,
  type SocketRequest,
} from '@exchange/contracts';
import { ZodError } from 'zod';
import { AppError } from '../../../lib/app-error.js';
import { cookieNames } from '../../../lib/session-cookie-names.js';
import { availableSymbols } from '../catalogue/catalogue-service.js';
import { socketConnections } from '../../../lib/metrics.js';
import { createFanout, type Fanout } from './fanout.js';
import { WriteBatcher } from './write-batcher.js';
import { SocketSession } from './socket-session.js';

/** A handler of a trading op (place, cancel, cancel-place, query), registered by its feature. */
/** A trading op: its answer is the order it placed, cancelled or found, as REST answers it. */
export type OpHandler = (session: SocketSession, args: Record<string, unknown>) => Promise<Order>;
/** What a subscriber receives first (e.g. the order-book snapshot), registered by market data. */
export type SnapshotProvider<C extends SocketChannel = SocketChannel> = (
  mode: number,
  args: Record<string, unknown>,
) => Promise<PushPayload<C> | null>;

declare module 'fastify' {
  interface FastifyInstance {
    socket: {
      fanout: Fanout;
      registerOp(op: SocketOp, handler: OpHandler): void;
      registerSnapshot<C extends SocketChannel>(channel: C, provider: SnapshotProvider<C>): void;
      connections(): number;
    };
  }
}

/** The login of a connection ended while it asked to act for the user (`requireLogin`). */
class LoginEnded extends Error {
  constructor(readonly reason: AppError) {
    super(reason.message);
  }
}

const TRADING_OPS = new Set<SocketOp>(['place', 'cancel', 'cancel-place', 'query']);

/** Public channels scoped to one symbol; candle also needs an interval. */
const SYMBOL_CHANNELS: readonly SocketChannel[] = [
  'best_ask_bid',
  'orderBook',
  'ticker',
  'candle',
  'trade',
  'statsTradeVolume',
];

function allowedOrigin(app: FastifyInstance, request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return true; // not a browser: nothing to protect against
  try {
    const url = new URL(origin);
    if (url.host === request.headers.host) return true;
    return (
      url.origin === new URL(app.env.PUBLIC_BASE_URL).origin ||
      app.env.CORS_ORIGINS.includes(url.origin)
    );
  } catch {
    return false;
  }
}

/**
 * The live socket at /v1/websocket/connect (spec platform-shell section 4 and 7): welcome,
 * ping/pong with an idle timeout, login/logout, subscriptions to public and private channels
 * fanned out through Redis, settings (mode and language), and the trading ops.
 */
async function socketPlugin(app: FastifyInstance) {
  const fanout = createFanout(app.redis, {
    conflateMs: app.env.MARKET_DATA_CONFLATE_MS,
    now: () => app.clock.now(),
  });
  const batcher = new WriteBatcher();
  const ops = new Map<SocketOp, OpHandler>();
  const snapshots = new Map<SocketChannel, SnapshotProvider>();
  const sessions = new Set<SocketSession>();
  const symbolCache = new Map<number, { at: number; codes: Set<string> }>();

  app.decorate('socket', {
    fanout,
    registerOp: (op, handler) => void ops.set(op, handler),
    registerSnapshot: (channel, provider) =>
      void snapshots.set(channel, provider as unknown as SnapshotProvider),
    connections: () => sessions.size,
  });
  /** Longest delay a Node timer takes; a later expiry is checked again when it fires. */
  const MAX_TIMER_MS = 2 ** 31 - 1;

  /**
   * The session of a connection ended: it is told why (the client logs out) and closed, 4003
   * when the account logged in elsewhere, 4010 (for 401) otherwise. It is anonymous at once, so
   * an op already queued behind this is refused.
   */
  function endSession(session: SocketSession, err: AppError): void {
    session.send({
      event: 'sessionEnded',
      code: String(err.code),
      message: translateError(err.code, session.language, err.params) ?? err.message,
      data: null,
    });
    const elsewhere = err.code === ErrorCode.LOGGED_IN_ELSEWHERE.code;
    session.end(
      elsewhere ? SOCKET_LOGGED_IN_ELSEWHERE_CLOSE_CODE : SOCKET_SESSION_ENDED_CLOSE_CODE,
      elsewhere ? 'logged in elsewhere' : 'session ended',
    );
  }

  /**
   * Checks a connection's session again when its access token runs out (a refresh moves it).
   * The expiry is on the exchange's clock while a timer counts real time, so the timer alone
   * cannot be trusted (a manual or scaled clock, a clock that jumps): the expiry is also kept on
   * the connection, checked before every private action and private push, and swept every
   * second (EXPIRY_SWEEP_MS).
   */
  function armExpiry(session: SocketSession, accessExpiresAt: number): void {
    clearTimeout(session.expiryTimer);
    session.accessExpiresAt = accessExpiresAt;
    const delay = Math.min(app.clock.realDelay(accessExpiresAt - app.clock.now()), MAX_TIMER_MS);
    session.expiryTimer = setTimeout(() => {
      recheck(session).catch((err: unknown) =>
        app.log.warn({ err }, 'could not check a socket session'),
      );
    }, delay);
  }

  /** The check of each connection in flight, so a burst of pushes or ops asks the database once. */
  const checking = new WeakMap<SocketSession, Promise<void>>();

  /** Checks the connection's session again: follows a refresh, or ends the login. */
  function recheck(session: SocketSession): Promise<void> {
    const running = checking.get(session);
    if (running) return running;
    const done = checkSession(session).finally(() => checking.delete(session));
    checking.set(session, done);
    return done;
  }

  async function checkSession(session: SocketSession): Promise<void> {
    const sessionId = session.sessionId;
    if (!sessionId) return;
    try {
      const { accessExpiresAt } = await app.sessions.check(sessionId);
      if (session.sessionId === sessionId) armExpiry(session, accessExpiresAt);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (session.sessionId === sessionId) endSession(session, err);
    }
  }

  /**
   * Before anything done for the user (a trading op, a private subscription, a settings change
   * that moves private subscriptions): refused with 401 when anonymous; when the access has run
   * out on the exchange's clock the session is checked again, and unless a refresh moved it the
   * op is refused and the login ended (`sessionEnded`, as on revocation).
   */
  async function requireLogin(session: SocketSession): Promise<void> {
    const sessionId = session.sessionId;
    if (!session.userId || !sessionId) throw new AppError('UNAUTHORIZED');
    if (session.loggedIn()) return;
    try {
      const { accessExpiresAt } = await app.sessions.check(sessionId);
      if (session.sessionId === sessionId) armExpiry(session, accessExpiresAt);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (session.sessionId !== sessionId) throw new AppError('UNAUTHORIZED');
      // Anonymous at once, so an op queued behind this one is refused too.
      session.forgetLogin();
      throw new LoginEnded(err);
    }
    if (!session.loggedIn()) throw new AppError('UNAUTHORIZED');
  }

  /** How often every connection's access expiry is compared with the clock (real ms). */
  const EXPIRY_SWEEP_MS = 1000;
  const sweep = setInterval(() => {
    for (const session of sessions) {
      if (session.userId === null || session.loggedIn()) continue;
      recheck(session).catch((err: unknown) =>
        app.log.warn({ err }, 'could not check a socket session'),
      );
    }
  }, EXPIRY_SWEEP_MS);
  sweep.unref();

  /**
   * A user's sessions changed (a login elsewhere, a logout, a refresh, a password reset), here
   * or in another gateway: every connection logged in as that user checks its session again,
   * and one whose session ended is closed at once, so an open trading screen can neither trade
   * nor receive private pushes after a logout.
   */
  const stopListening = app.onUserSessionsChanged((userId) => {
    for (const session of sessions) {
      if (session.userId !== userId) continue;
      recheck(session).catch((err: unknown) =>
        app.log.warn({ err }, 'could not check a socket session'),
      );
    }
  });
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    stopListening();
    await Promise.all([...sessions].map((s) => s.close()));
    await fanout.close();
    batcher.release();
  });

  async function symbolOffered(mode: number, symbol: unknown): Promise<boolean> {
    if (typeof symbol !== 'string') return false;
    const cached = symbolCache.get(mode);
    if (cached && Date.now() - cached.at < 5000) return cached.codes.has(symbol);
    const codes = new Set(
      (await availableSymbols({ db: app.db, mode: parseRuntimeMode(mode) })).map((s) => s.code),
    );
    symbolCache.set(mode, { at: Date.now(), codes });
    return codes.has(symbol);
  }

  /** The channel's arguments, exactly (socketChannelArgs): anything else is a 1002. */
  function readChannelArgs(channel: SocketChannel, args: Record<string, unknown>) {
    const parsed = socketChannelArgs[channel].safeParse(args);
    if (!parsed.success)
      throw new AppError('VALIDATION_FAILED', {
        issues: parsed.error.issues
          .map((i) =>
            i.code === 'unrecognized_keys'
              ? `${channel} does not take ${i.keys.join(', ')}`
              : `args${i.path.length ? `.${i.path.join('.')}` : ''}: ${i.message}`,
          )
          .join('; '),
      });
  }

  async function checkSubscription(
    session: SocketSession,
    channel: SocketChannel,
    args: Record<string, unknown>,
  ) {
    readChannelArgs(channel, args);
    if (PRIVATE_CHANNELS.includes(channel)) await requireLogin(session);
    if (!session.has(channel, args) && session.size >= SOCKET_MAX_SUBSCRIPTIONS)
      throw new AppError('SOCKET_TOO_MANY_SUBSCRIPTIONS', { limit: SOCKET_MAX_SUBSCRIPTIONS });
    if (SYMBOL_CHANNELS.includes(channel) && !(await symbolOffered(session.mode, args.symbol))) {
      throw new AppError('SYMBOL_NOT_AVAILABLE');
    }
    if (channel === 'candle' && !candleInterval.safeParse(args.interval).success) {
      throw new AppError('VALIDATION_FAILED', {
        issues: `interval must be one of ${CANDLE_INTERVALS.join(', ')}`,
      });
    }
  }

  /** The runtimeMode argument of login and settings: 0, 1 or 2; anything else is a 1002. */
  function readMode(value: unknown) {
    const parsed = runtimeModeArg.safeParse(value);
    if (!parsed.success)
      throw new AppError('VALIDATION_FAILED', {
        issues: 'runtimeMode must be 0 (Real), 1 (Demo) or 2 (Trial)',
      });
    return parsed.data;
  }

  async function handle(session: SocketSession, req: SocketRequest): Promise<void> {
    const args = req.args ?? {};
    switch (req.op) {
      case 'ping':
        session.send({ event: 'pong', code: '200', data: { ts: app.clock.now() } });
        return;
      case 'login': {
        // A browser's token is the HttpOnly cookie its upgrade request carried; other clients
        // name the token of their login answer.
        const token = typeof args.token === 'string' ? args.token : (session.cookieToken ?? '');
        const mode = args.runtimeMode === undefined ? undefined : readMode(args.runtimeMode);
        const auth = await app.sessions.authenticate(token);
        const { accessExpiresAt } = await app.sessions.check(auth.sessionId);
        session.userId = auth.userId;
        session.sessionId = auth.sessionId;
        armExpiry(session, accessExpiresAt);
        if (mode !== undefined) session.mode = mode;
        await session.rebind();
        session.reply('login', req.requestId, { userId: auth.userId, runtimeMode: session.mode });
        return;
      }
      case 'logout':
        session.forgetLogin();
        await session.rebind();
        session.reply('logout', req.requestId, null);
        return;
      case 'subscribe':
      case 'unsubscribe': {
        if (!req.channel)
          throw new AppError('VALIDATION_FAILED', { issues: 'channel is required' });
        if (req.channel === 'acceptLanguage') {
          const parsed = languageCode.safeParse(args.language);
          if (!parsed.success)
            throw new AppError('VALIDATION_FAILED', { issues: 'language is not supported' });
          readChannelArgs(req.channel, args);
          session.language = resolveLanguage(parsed.data);
          session.reply(req.op, req.requestId, { language: session.language }, req.channel);
          return;
        }
        if (req.op === 'unsubscribe') {
          await session.unsubscribe(req.channel, args);
          session.reply('unsubscribe', req.requestId, null, req.channel);
          return;
        }
        await checkSubscription(session, req.channel, args);
        await session.subscribe(req.channel, args);
        session.reply('subscribe', req.requestId, null, req.channel);
        const snapshot = snapshots.get(req.channel);
        if (snapshot) {
          const data = await snapshot(session.mode, args);
          if (data !== undefined && data !== null)
            session.push<SocketChannel>(req.channel, args, data);
        }
        return;
      }
      case 'settings': {
        // A logged-in connection's settings move its private subscriptions: only while it lasts.
        if (session.userId) await requireLogin(session);
        if (args.runtimeMode !== undefined) session.mode = readMode(args.runtimeMode);
        if (typeof args.acceptLanguage === 'string')
          session.language = resolveLanguage(args.acceptLanguage);
        await session.rebind();
        session.reply('settings', req.requestId, {
          runtimeMode: session.mode,
          language: session.language,
        });
        return;
      }
      case 'place':
      case 'cancel':
      case 'cancel-place':
      case 'query': {
        const handler = ops.get(req.op);
        if (!handler) throw new AppError('METHOD_NOT_ALLOWED');
        await requireLogin(session);
        session.reply(req.op, req.requestId, await handler(session, args));
        return;
      }
    }
  }

  const tokenCookie = cookieNames(app.env).token;
  app.get(
    SOCKET_ENDPOINT.path,
    {
      websocket: true,
      schema: { hide: true },
      // Its own per-IP counter: handshakes neither use up nor are refused by the REST limit.
      config: {
        access: 'public',
        rateLimit: { max: app.env.SOCKET_RATE_LIMIT_MAX, timeWindow: app.env.RATE_LIMIT_WINDOW_MS },
      },
      preValidation: async (request, reply) => {
        if (!allowedOrigin(app, request)) {
          await reply.code(403).send({ code: '1017', data: null, message: 'Origin not allowed.' });
        }
      },
    },
    (ws: WebSocket, request) => {
      const session = new SocketSession(
        ws,
        fanout,
        request.headers['accept-language'],
        batcher,
        () => app.clock.now(),
      );
      session.onAccessEnded = () =>
        void recheck(session).catch((err: unknown) =>
          app.log.warn({ err }, 'could not check a socket session'),
        );
      session.cookieToken = request.cookies[tokenCookie] ?? null;
      sessions.add(session);
      socketConnections.inc();
      const idleMs = app.clock.realDelay(app.env.SOCKET_IDLE_TIMEOUT_MS);
      let idle = setTimeout(() => ws.close(4888, 'heartbeat timeout'), idleMs);
      // Requests of one connection run in order, so a reply never overtakes an earlier one.
      let queue = Promise.resolve();

      ws.on('message', (raw: Buffer, isBinary: boolean) => {
        let parsed: SocketRequest | null = null;
        let requestId: string | undefined;
        try {
          const json: unknown = JSON.parse(isBinary ? '' : raw.toString('utf8'));
          requestId =
            typeof (json as { requestId?: unknown })?.requestId === 'string'
              ? (json as { requestId: string }).requestId
              : undefined;
          const result = socketRequest.safeParse(json);
          if (result.success) parsed = result.data;
        } catch {
          parsed = null;
        }
        if (!parsed) {
          session.replyError(
            'query',
            requestId,
            new AppError('VALIDATION_FAILED', {
              issues: 'unreadable message: expected {"op", "channel", "args", "requestId"}',
            }),
          );
          return;
        }
        const req = parsed;
        if (req.op === 'ping') {
          clearTimeout(idle);
          idle = setTimeout(() => ws.close(4888, 'heartbeat timeout'), idleMs);
        }
        const run = async () => {
          try {
            await handle(session, req);
          } catch (err) {
            if (err instanceof LoginEnded) {
              // The op is refused first (its reply), then the login ends as on revocation.
              session.replyError(req.op, req.requestId, err.reason, req.channel);
              endSession(session, err.reason);
              return;
            }
            const appError =
              err instanceof AppError
                ? err
                : err instanceof ZodError
                  ? new AppError('VALIDATION_FAILED', {
                      issues: err.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
                    })
                  : new AppError('INTERNAL', null, { cause: err });
            if (appError.status >= 500) request.log.error({ err }, 'socket op failed');
            session.replyError(req.op, req.requestId, appError, req.channel);
          }
        };
        // Trading ops wait for the control ops sent before them (a place after a login sees
        // the login) but not for each other: each waits for the engine, and replies carry the
        // requestId. Control ops (login, subscribe, settings...) keep their order.
        if (TRADING_OPS.has(req.op)) void queue.then(run);
        else queue = queue.then(run);
      });
      ws.on('close', () => {
        clearTimeout(idle);
        if (sessions.delete(session)) socketConnections.dec();
        void session.close();
      });
      session.send({ event: 'welcome', code: '200', data: { connectionId: session.id } });
    },
  );
}

export default fp(socketPlugin, {
  name: 'platform/socket',
  dependencies: ['infrastructure', 'auth'],
});
