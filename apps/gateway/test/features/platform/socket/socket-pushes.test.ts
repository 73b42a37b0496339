import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_CHANNELS,
  PRIVATE_CHANNELS,
  PUSHED_CHANNELS,
  parseSocketMessage,
  type PushedChannel,
  type SocketChannel,
} from '@exchange/contracts';
import { PUSH_SAMPLES } from '@exchange/contracts/testing';
import WebSocket from 'ws';
import {
  privateTopic,
  publicTopic,
  type Topic,
} from '../../../../src/features/platform/socket/fanout.js';
import { build, signIn, type TestApp } from '../../../helpers/build.js';
import { listen } from '../../../helpers/listen.js';
import { until } from '../../../helpers/wait.js';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await build();
  url = await listen(t);
});
afterAll(() => t.close());

const MODE = 1;
const SYMBOL = 'BTC_USDT';
const argsOf = (channel: SocketChannel): Record<string, string> =>
  channel === 'candle'
    ? { symbol: SYMBOL, interval: '1m' }
    : ['best_ask_bid', 'orderBook', 'ticker', 'trade', 'statsTradeVolume'].includes(channel)
      ? { symbol: SYMBOL }
      : {};

describe('every socket channel', () => {
  it('carries its contract sample from the gateway to the client reader unchanged', async () => {
    const { token, userId } = await signIn(t);
    const ws = new WebSocket(url);
    // What the web's socket client does with each frame: parse it with the contract's reader.
    const read: ReturnType<typeof parseSocketMessage>[] = [];
    ws.on('message', (raw: Buffer) => read.push(parseSocketMessage(raw.toString())));
    await new Promise((resolve) => ws.once('open', resolve));
    const send = (op: string, rest: object) => ws.send(JSON.stringify({ op, ...rest }));
    const replies = () => read.filter((m) => m?.event === 'reply');
    const settle = (n: number) => until(() => replies().length >= n, 3000, 10);
    send('login', { args: { token, runtimeMode: MODE }, requestId: 'login' });
    await settle(1);
    const channels = PUSHED_CHANNELS;
    for (const channel of channels)
      send('subscribe', { channel, args: argsOf(channel), requestId: channel });
    await settle(1 + channels.length);
    expect(replies().map((m) => m?.event === 'reply' && m.code)).toEqual(
      Array<string>(1 + channels.length).fill('200'),
    );

    for (const channel of channels) {
      const key = Object.values(argsOf(channel)).join(':');
      const topic = PRIVATE_CHANNELS.includes(channel)
        ? privateTopic(channel, userId, ACCOUNT_CHANNELS.includes(channel) ? 0 : MODE)
        : publicTopic(channel, MODE, key);
      await t.app.socket.fanout.publish(topic as Topic<never>, PUSH_SAMPLES[channel] as never);
    }
    const pushed = (channel: PushedChannel) =>
      read.filter((m) => m?.event === 'push' && m.channel === channel);
    // The order channel is debounced (500 ms).
    await until(() => channels.every((c) => pushed(c).length > 0), 3000, 10);
    ws.close();

    expect(read.filter((m) => m === null || m.event === 'invalid')).toEqual([]);
    for (const channel of channels) {
      const data = pushed(channel).map((m) => m?.event === 'push' && m.data);
      // A book subscription starts with its snapshot; the sample follows.
      expect({ channel, data: data.at(-1) }).toEqual({ channel, data: PUSH_SAMPLES[channel] });
    }
  });
});
