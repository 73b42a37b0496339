import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import {
  ORDER_EVENT_DEBOUNCE_MS,
  PRIVATE_CHANNELS,
  ACCOUNT_CHANNELS,
  SUCCESS_CODE,
  resolveLanguage,
  translateError,
  type ErrorLanguage,
  type Order,
  type PushPayload,
  type RuntimeMode,
  type SocketChannel,
  type SocketMessage,
  type SocketOp,
} from '@exchange/contracts';
import { AppError } from '../../../lib/app-error.js';
import { socketDropped, socketPushes, socketSubscriptions } from '../../../lib/metrics.js';

type ReplyData = Extract<SocketMessage, { event: 'reply' }>['data'];
import { privateTopic, publicTopic, type Fanout } from './fanout.js';
import { WriteBatcher } from './write-batcher.js';

/** Unread bytes a connection may hold before it is cut as too slow (16 MiB). */
export const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

interface Subscription {
  channel: SocketChannel;
  args: Record<string, unknown>;
  topic: string;
  unsubscribe: () => Promise<void>;
}

/** One client connection: its login, runtime mode, language and subscriptions. */
export class SocketSession {
  readonly id = randomBytes(8).toString('hex');
  userId: string | null = null;
  /**
   * The session of the login, checked again whenever the user's sessions change and when its
   * access ends; a refresh keeps it (the token rotates, the session stays).
   */
  sessionId: string | null = null;
  /** The access token cookie of the upgrade request, for a `login` that names no token. */
  cookieToken: string | null = null;
  /** Fires when the session's access ends, to check it again. */
  expiryTimer: NodeJS.Timeout | undefined;
  /**
   * When the login's access ends, on the exchange's clock (logical time, as the session row
   * says); null when anonymous. Past it the connection acts for nobody: private pushes are
   * dropped and `onAccessEnded` is told, which checks the session again (a refresh moves it).
   */
  accessExpiresAt: number | null = null;
  /** Told when a private push or action finds the access ended (the plugin checks again). */
  onAccessEnded: () => void = () => undefined;
  mode: RuntimeMode = 0;
  language: ErrorLanguage;
  private readonly subs = new Map<string, Subscription>();
  private readonly pendingOrders = new Map<string, Order>();
  private orderTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly ws: WebSocket,
    private readonly fanout: Fanout,
    acceptLanguage: string | undefined,
    private readonly batcher: WriteBatcher = new WriteBatcher(),
    /** The exchange's clock (logical time, the one session expiries are written in). */
    private readonly now: () => number = Date.now,
  ) {
    this.language = resolveLanguage(acceptLanguage);
  }

  /** Whether the login may still act and receive private pushes now. */
  loggedIn(): boolean {
    return (
      this.userId !== null && (this.accessExpiresAt === null || this.now() < this.accessExpiresAt)
    );
  }

  /**
   * A private push may leave only while the login's access lasts: one found past it is dropped
   * and the session checked again (and ended, unless a refresh moved its expiry).
   */
  private privateAllowed(): boolean {
    if (this.loggedIn()) return true;
    if (this.userId !== null) this.onAccessEnded();
    return false;
  }

  /** How many subscriptions this connection holds. */
  get size(): number {
    return this.subs.size;
  }

  send(message: SocketMessage): void {
    this.sendRaw(JSON.stringify(message));
  }

  /** Frames written in one turn of the event loop leave in one write (see WriteBatcher). */
  private sendRaw(frame: string): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN || this.tooSlow()) return;
    this.hold();
    this.ws.send(frame);
  }

  /**
   * ws keeps its net.Socket private. Corking it does not change what ws writes, and a ready
   * frame may go to it directly: without permessage-deflate (not enabled here) ws writes every
   * frame synchronously, in call order, so frames written either way stay in order.
   */
  private socket(): Socket | undefined {
    return (this.ws as unknown as { _socket?: Socket })._socket;
  }

  /**
   * A client that stops reading would make the gateway buffer every push for it without limit:
   * past MAX_BUFFERED_BYTES unread, the connection is cut (counted in
   * exchange_socket_dropped_slow_clients_total); the client connects again and gets fresh
   * snapshots.
   */
  private tooSlow(): boolean {
    if (this.ws.bufferedAmount <= MAX_BUFFERED_BYTES) return false;
    socketDropped.inc();
    this.closed = true;
    this.ws.terminate();
    return true;
  }

  private hold(): void {
    const socket = this.socket();
    if (socket && !socket.destroyed) this.batcher.hold(socket);
  }

  /** Sends a complete WebSocket frame shared with other connections (fan-out of a push). */
  private sendFrame(frame: Buffer, text: () => string): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN || this.tooSlow()) return;
    const socket = this.socket();
    if (!socket || socket.destroyed) {
      this.ws.send(text());
      return;
    }
    this.batcher.hold(socket);
    socket.write(frame);
  }

  reply(
    op: SocketOp,
    requestId: string | undefined,
    data: ReplyData,
    channel?: SocketChannel,
  ): void {
    this.send({
      event: 'reply',
      op,
      code: SUCCESS_CODE,
      message: 'success',
      data,
      ...(requestId ? { requestId } : {}),
      ...(channel ? { channel } : {}),
    });
  }

  /** An error reply with the catalogue's text in the connection's language. */
  replyError(
    op: SocketOp,
    requestId: string | undefined,
    err: AppError,
    channel?: SocketChannel,
  ): void {
    const message = translateError(err.code, this.language, err.params) ?? err.message;
    this.send({
      event: 'reply',
      op,
      code: String(err.code),
      message,
      data: err.params,
      ...(requestId ? { requestId } : {}),
      ...(channel ? { channel } : {}),
    });
  }

  push<C extends SocketChannel>(
    channel: C,
    args: Record<string, unknown>,
    data: PushPayload<C>,
  ): void {
    this.send({ event: 'push', channel, args, code: SUCCESS_CODE, data } as SocketMessage);
  }

  /**
   * Order events are debounced: within 500 ms only the latest state of each order is sent,
   * and every order that changed is sent.
   */
  pushOrder(args: Record<string, unknown>, data: Order): void {
    const id: unknown = data?.id;
    this.pendingOrders.set(
      typeof id === 'string' || typeof id === 'number'
        ? String(id)
        : randomBytes(4).toString('hex'),
      data,
    );
    this.orderTimer ??= setTimeout(() => {
      this.orderTimer = undefined;
      const batch = [...this.pendingOrders.values()];
      this.pendingOrders.clear();
      if (!this.privateAllowed()) return;
      for (const order of batch) this.push('order', args, order);
    }, ORDER_EVENT_DEBOUNCE_MS);
  }

  static key(channel: SocketChannel, args: Record<string, unknown>): string {
    const part = (v: unknown) => (typeof v === 'string' ? v : '');
    return `${channel}|${part(args.symbol)}|${part(args.interval)}`;
  }

  topicFor(channel: SocketChannel, args: Record<string, unknown>): string {
    if (PRIVATE_CHANNELS.includes(channel)) {
      if (!this.userId) throw new AppError('UNAUTHORIZED');
      // The account's own channels (notifications) are one topic for every mode.
      return privateTopic(channel, this.userId, ACCOUNT_CHANNELS.includes(channel) ? 0 : this.mode);
    }
    const key = [args.symbol, args.interval].filter((x) => typeof x === 'string').join(':');
    return publicTopic(channel, this.mode, key);
  }

  has(channel: SocketChannel, args: Record<string, unknown>): boolean {
    return this.subs.has(SocketSession.key(channel, args));
  }

  async subscribe(channel: SocketChannel, args: Record<string, unknown>): Promise<void> {
    const key = SocketSession.key(channel, args);
    if (this.subs.has(key)) return;
    const topic = this.topicFor(channel, args);
    // Pushes are built by concatenation around the published JSON: with thousands of
    // subscribers, serialising each message once per client was the socket's main cost.
    const head = `{"event":"push","channel":${JSON.stringify(channel)},"args":${JSON.stringify(args)},"code":"${SUCCESS_CODE}","data":`;
    const isPrivate = PRIVATE_CHANNELS.includes(channel);
    const pushes = socketPushes.labels(channel);
    const unsubscribe = await this.fanout.subscribe(topic, (raw, parsed, frame) => {
      if (isPrivate && !this.privateAllowed()) return;
      pushes.inc();
      // Published through the typed fan-out: an order topic carries orders.
      if (channel === 'order') this.pushOrder(args, parsed() as Order);
      else this.sendFrame(frame(head), () => `${head}${raw}}`);
    });
    if (this.closed) {
      await unsubscribe();
      return;
    }
    this.subs.set(key, { channel, args, topic, unsubscribe });
    socketSubscriptions.inc();
  }

  async unsubscribe(channel: SocketChannel, args: Record<string, unknown>): Promise<boolean> {
    const key = SocketSession.key(channel, args);
    const sub = this.subs.get(key);
    if (!sub) return false;
    this.subs.delete(key);
    socketSubscriptions.dec();
    await sub.unsubscribe();
    return true;
  }

  /** Re-subscribes every subscription whose topic depends on the login or the mode. */
  async rebind(): Promise<void> {
    for (const sub of [...this.subs.values()]) {
      await this.unsubscribe(sub.channel, sub.args);
      if (PRIVATE_CHANNELS.includes(sub.channel) && !this.userId) continue;
      await this.subscribe(sub.channel, sub.args);
    }
  }

  channels(): { channel: SocketChannel; args: Record<string, unknown> }[] {
    return [...this.subs.values()].map(({ channel, args }) => ({ channel, args }));
  }

  /** Anonymous again: the login is forgotten (private subscriptions are dropped by rebind). */
  forgetLogin(): void {
    this.userId = null;
    this.sessionId = null;
    this.accessExpiresAt = null;
    clearTimeout(this.expiryTimer);
    this.expiryTimer = undefined;
  }

  /** Closes the connection with a close code (4003, 4010...) once queued frames are written. */
  end(code: number, reason: string): void {
    this.forgetLogin();
    if (this.ws.readyState === this.ws.OPEN) this.ws.close(code, reason);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.forgetLogin();
    clearTimeout(this.orderTimer);
    const subs = [...this.subs.values()];
    this.subs.clear();
    socketSubscriptions.dec(subs.length);
    await Promise.all(subs.map((s) => s.unsubscribe()));
  }
}
