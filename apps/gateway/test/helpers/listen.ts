import type { AddressInfo } from 'node:net';
import type { TestApp } from './build.js';

/** Listens on a free port and returns the socket address. */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/v1/websocket/connect`;
}
