import { z } from 'zod';

export const socketOp = z.enum([
  'login',
  'logout',
  'subscribe',
  'unsubscribe',
  'place',
  'cancel',
  'cancel-place',
  'query',
  'settings',
  'ping',
]);
export type SocketOp = z.infer<typeof socketOp>;

export const socketChannel = z.enum([
  'best_ask_bid',
  'orderBook',
  'ticker',
  'candle',
  'trade',
  'fills',
  'order',
  'refreshAsset',
  'statsTradeVolume',
  'system',
  'exchangeRate',
  'updateAssetItem',
  'updateSymbolItem',
  'acceptLanguage',
]);
export type SocketChannel = z.infer<typeof socketChannel>;

/** Channels that carry one user's data and need a `login` first. */
export const PRIVATE_CHANNELS: readonly SocketChannel[] = ['fills', 'order', 'refreshAsset'];

/** A client message. `requestId` pairs the reply with the request. */
export const socketRequest = z.object({
  op: socketOp,
  channel: socketChannel.optional(),
  args: z.record(z.string(), z.unknown()).optional(),
  requestId: z.string().max(64).optional(),
});
export type SocketRequest = z.infer<typeof socketRequest>;

/** Server messages: replies to a request, welcome and pong, and pushed channel events. */
export const socketMessage = z.discriminatedUnion('event', [
  z.object({
    event: z.literal('welcome'),
    code: z.string(),
    data: z.object({ connectionId: z.string() }),
  }),
  z.object({ event: z.literal('pong'), code: z.string(), data: z.object({ ts: z.number() }) }),
  z.object({
    event: z.literal('reply'),
    op: socketOp,
    requestId: z.string().optional(),
    channel: socketChannel.optional(),
    code: z.string(),
    message: z.string(),
    data: z.unknown(),
  }),
  /**
   * The session this connection logged in with has ended (401, or 4003: the account logged in on
   * another device): the connection is anonymous from now on and the client logs out.
   */
  z.object({
    event: z.literal('sessionEnded'),
    code: z.string(),
    message: z.string(),
    data: z.null(),
  }),
  z.object({
    event: z.literal('push'),
    channel: socketChannel,
    args: z.record(z.string(), z.unknown()).optional(),
    code: z.string(),
    data: z.unknown(),
  }),
]);
export type SocketMessage = z.infer<typeof socketMessage>;

/** The client treats an unparseable message as empty. */
export function parseSocketMessage(raw: string): SocketMessage | null {
  try {
    const result = socketMessage.safeParse(JSON.parse(raw));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}
