import { describe, expect, it } from 'vitest';
import * as ws from 'ws';
import { textFrame } from '../../src/features/platform/socket/fanout.js';

type Receiver = NodeJS.WritableStream & {
  on(event: 'message', fn: (data: Buffer, isBinary: boolean) => void): void;
};
const ReceiverClass = (
  ws as unknown as { Receiver: new (o: { isServer: boolean; maxPayload: number }) => Receiver }
).Receiver;

describe('textFrame', () => {
  it('builds frames that a WebSocket client reads back, for every length encoding', async () => {
    const texts = [
      '{"a":1}',
      'x'.repeat(125),
      'y'.repeat(126),
      'ü'.repeat(40_000),
      'z'.repeat(70_000),
    ];
    const receiver = new ReceiverClass({ isServer: false, maxPayload: 1 << 20 });
    const got: string[] = [];
    receiver.on('message', (data, isBinary) => {
      expect(isBinary).toBe(false);
      got.push(data.toString('utf8'));
    });
    for (const t of texts) receiver.write(textFrame(t));
    await new Promise((r) => setImmediate(r));
    expect(got).toEqual(texts);
  });
});
