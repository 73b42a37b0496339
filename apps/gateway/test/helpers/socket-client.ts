import WebSocket from 'ws';
import type { SocketMessage } from '@exchange/contracts';

/** A test client: collects every message and waits for the one a predicate picks. */
export class Client {
  readonly messages: SocketMessage[] = [];
  private waiters: { pred: (m: SocketMessage) => boolean; resolve: (m: SocketMessage) => void }[] =
    [];
  closed: { code: number } | null = null;
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (raw: Buffer) => {
      const msg = JSON.parse(raw.toString()) as SocketMessage;
      this.messages.push(msg);
      this.waiters = this.waiters.filter((w) => (w.pred(msg) ? (w.resolve(msg), false) : true));
    });
    ws.on('close', (code) => (this.closed = { code }));
  }
  static async open(url: string, headers: Record<string, string> = {}): Promise<Client> {
    const ws = new WebSocket(url, { headers });
    const client = new Client(ws);
    await client.next((m) => m.event === 'welcome');
    return client;
  }
  next(pred: (m: SocketMessage) => boolean, timeoutMs = 3000): Promise<SocketMessage> {
    const found = this.messages.find(pred);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`timed out; got ${JSON.stringify(this.messages)}`)),
        timeoutMs,
      );
      this.waiters.push({ pred, resolve: (m) => (clearTimeout(timer), resolve(m)) });
    });
  }
  async request(
    op: string,
    rest: Record<string, unknown> = {},
  ): Promise<SocketMessage & { event: 'reply' }> {
    const requestId = Math.random().toString(36).slice(2);
    this.ws.send(JSON.stringify({ op, requestId, ...rest }));
    return (await this.next(
      (m) => m.event === 'reply' && m.requestId === requestId,
    )) as SocketMessage & { event: 'reply' };
  }
  close() {
    this.ws.close();
  }
}
