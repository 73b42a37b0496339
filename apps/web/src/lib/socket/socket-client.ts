import {
  FORCE_LOGOUT_CODES,
  SOCKET_ENDPOINT,
  SOCKET_FORCED_RECONNECT_CODE,
  SOCKET_HEARTBEAT_INTERVAL_MS,
  SOCKET_HEARTBEAT_TIMEOUT_CODE,
  SOCKET_OPERATION_TIMEOUT_MS,
  SOCKET_REPLY_TIMEOUT_MS,
  SOCKET_RETRY_DELAY_MS,
  SUCCESS_CODE,
  parseSocketMessage,
  type PushedChannel,
  type PushPayload,
  type SocketChannel,
  type SocketOp,
} from '@exchange/contracts';

/** The live socket of spec platform-shell section 4. */
export type SocketStatus = 'idle' | 'connecting' | 'open' | 'closed';

/** A channel's pushes, already checked against the channel's contract schema. */
export type PushListener<C extends PushedChannel = PushedChannel> = (
  data: PushPayload<C>,
  args: Record<string, unknown> | undefined,
) => void;

export class SocketError extends Error {
  override readonly name = 'SocketError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The part of the browser's WebSocket the client needs; tests pass a fake. */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

export interface SocketClientOptions {
  url: string;
  createSocket?: (url: string) => WebSocketLike;
  /** Arguments of the `login` op sent after each connect (token and mode); null stays anonymous. */
  loginArgs?: () => Record<string, unknown> | null;
  /** The server refused the login because the session ended (401, or 4003: logged in elsewhere). */
  onSessionEnded?: (code: string) => void;
  /**
   * A push that does not match its channel's contract (the server and this client disagree):
   * it is dropped, and reported here rather than read as an empty value.
   */
  onInvalidPush?: (channel: string, problem: string) => void;
}

interface Pending {
  resolve: (data: unknown) => void;
  reject: (err: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

const OPEN = 1;
let requestSeq = 0;

export class SocketClient {
  private socket: WebSocketLike | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private watchdog: ReturnType<typeof setTimeout> | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private stopped = true;
  private readonly pending = new Map<string, Pending>();
  /** channel -> args key -> listeners; resent after every reconnect. */
  private readonly subscriptions = new Map<
    string,
    {
      channel: SocketChannel;
      args: Record<string, unknown> | undefined;
      listeners: Set<PushListener<never>>;
    }
  >();
  private readonly statusListeners = new Set<(s: SocketStatus) => void>();
  status: SocketStatus = 'idle';

  constructor(private readonly options: SocketClientOptions) {}

  start(): void {
    this.stopped = false;
    if (!this.socket && !this.retry) this.open();
  }

  /** Closes for good: no retry until start() is called again. */
  stop(): void {
    this.stopped = true;
    this.clearRetry();
    this.drop(1000, 'client stop');
    this.setStatus('idle');
  }

  /** A forced reconnect (4889): a mode switch or a new session needs a fresh login. */
  reconnect(): void {
    if (this.stopped) return;
    this.drop(SOCKET_FORCED_RECONNECT_CODE, 'forced reconnect');
    this.scheduleRetry();
  }

  onStatus(listener: (s: SocketStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Listens to a channel's pushes; the subscription survives reconnects. */
  subscribe<C extends PushedChannel>(
    channel: C,
    listener: PushListener<C>,
    args?: Record<string, unknown>,
  ): () => void {
    const key = `${channel}:${JSON.stringify(args ?? {})}`;
    let entry = this.subscriptions.get(key);
    if (!entry) {
      entry = { channel, args, listeners: new Set() };
      this.subscriptions.set(key, entry);
      if (this.status === 'open') this.sendSubscribe(channel, args);
    }
    const stored = listener as PushListener<never>;
    entry.listeners.add(stored);
    return () => {
      const current = this.subscriptions.get(key);
      if (!current) return;
      current.listeners.delete(stored);
      if (current.listeners.size === 0) {
        this.subscriptions.delete(key);
        if (this.status === 'open')
          this.request('unsubscribe', channel, args).catch(() => undefined);
      }
    };
  }

  /** Sends an op and waits for its reply: code 200 resolves, any other code or 10 s rejects. */
  request(op: SocketOp, channel?: SocketChannel, args?: Record<string, unknown>): Promise<unknown> {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN) {
      return Promise.reject(new SocketError('1000', 'The live connection is not open.'));
    }
    const requestId = `r${++requestSeq}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(requestId);
        reject(
          new SocketError('1009', `No reply to ${op} within ${SOCKET_OPERATION_TIMEOUT_MS} ms`),
        );
      }, SOCKET_OPERATION_TIMEOUT_MS);
      this.pending.set(requestId, { resolve, reject, timer });
      socket.send(
        JSON.stringify({
          op,
          requestId,
          ...(channel ? { channel } : {}),
          ...(args ? { args } : {}),
        }),
      );
    });
  }

  private open(): void {
    this.setStatus('connecting');
    let socket: WebSocketLike;
    try {
      socket = (
        this.options.createSocket ?? ((url) => new WebSocket(url) as unknown as WebSocketLike)
      )(this.options.url);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.armWatchdog();
      this.heartbeat = setInterval(() => this.send({ op: 'ping' }), SOCKET_HEARTBEAT_INTERVAL_MS);
    };
    socket.onmessage = (ev) =>
      this.handle(typeof ev.data === 'string' ? parseSocketMessage(ev.data) : null);
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.teardown();
      this.scheduleRetry();
    };
    socket.onerror = () => undefined; // onclose follows and retries.
  }

  private handle(message: ReturnType<typeof parseSocketMessage>): void {
    // Unparseable messages count as empty ones: they neither break nor feed the heartbeat.
    if (!message) return;
    this.armWatchdog();
    switch (message.event) {
      case 'invalid':
        this.options.onInvalidPush?.(message.channel, message.problem);
        return;
      case 'welcome':
        this.setStatus('open');
        this.afterWelcome();
        return;
      case 'pong':
        if (this.status !== 'open') this.setStatus('open');
        return;
      case 'sessionEnded':
        this.options.onSessionEnded?.(message.code);
        return;
      case 'reply': {
        const pending = message.requestId ? this.pending.get(message.requestId) : undefined;
        if (!pending) return;
        this.pending.delete(message.requestId ?? '');
        clearTimeout(pending.timer);
        if (message.code === SUCCESS_CODE) pending.resolve(message.data);
        else pending.reject(new SocketError(message.code, message.message));
        return;
      }
      case 'push':
        for (const entry of this.subscriptions.values()) {
          if (entry.channel !== message.channel) continue;
          // The channels match, so the data has this listener's channel's shape.
          for (const listener of [...entry.listeners])
            (listener as PushListener)(message.data, message.args);
        }
        return;
    }
  }

  private afterWelcome(): void {
    const login = this.options.loginArgs?.();
    if (login) {
      this.request('login', undefined, login).catch((err: unknown) => {
        if (err instanceof SocketError && FORCE_LOGOUT_CODES.includes(Number(err.code)))
          this.options.onSessionEnded?.(err.code);
      });
    }
    for (const entry of this.subscriptions.values()) this.sendSubscribe(entry.channel, entry.args);
  }

  private sendSubscribe(channel: SocketChannel, args: Record<string, unknown> | undefined): void {
    this.request('subscribe', channel, args).catch(() => undefined);
  }

  private send(message: Record<string, unknown>): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  /** No message for 30 s: the connection is dead even if the browser has not noticed (4888). */
  private armWatchdog(): void {
    if (this.watchdog) clearTimeout(this.watchdog);
    this.watchdog = setTimeout(() => {
      this.drop(SOCKET_HEARTBEAT_TIMEOUT_CODE, 'heartbeat timeout');
      this.scheduleRetry();
    }, SOCKET_REPLY_TIMEOUT_MS);
  }

  private drop(code: number, reason: string): void {
    const socket = this.socket;
    this.teardown();
    if (socket) {
      socket.onclose = null;
      try {
        socket.close(code, reason);
      } catch {
        // Already closed.
      }
    }
  }

  private teardown(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.watchdog) clearTimeout(this.watchdog);
    this.heartbeat = null;
    this.watchdog = null;
    this.socket = null;
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new SocketError('1000', 'The live connection closed.'));
      this.pending.delete(id);
    }
    this.setStatus('closed');
  }

  private scheduleRetry(): void {
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      if (!this.stopped) this.open();
    }, SOCKET_RETRY_DELAY_MS);
  }

  private clearRetry(): void {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
  }

  private setStatus(status: SocketStatus): void {
    if (this.status === status) return;
    this.status = status;
    for (const l of [...this.statusListeners]) l(status);
  }
}

export function socketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${SOCKET_ENDPOINT.path}`;
}
