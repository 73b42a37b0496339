import { WebSocket } from 'ws';
import { pushFramePrefix } from '@exchange/contracts';

const PUSH_FRAME = pushFramePrefix();

export interface Reply {
  event: 'reply';
  op: string;
  code: string;
  message?: string;
  data: unknown;
  requestId?: string;
}

export interface Push {
  event: 'push';
  channel: string;
  data: unknown;
}

/** One socket connection of the protocol: request/reply by requestId, pushes to a listener, pings every 20 s. */
export class BenchSocket {
  private next = 0;
  private readonly waiting = new Map<string, (r: Reply) => void>();
  private ping: NodeJS.Timeout | undefined;
  onPush: (p: Push, receivedAt: number) => void = () => undefined;
  /**
   * Sees a push's text before it is parsed; returning true means it was handled. The market-data
   * clients read the few fields they need with a regular expression: 2,000 clients parsing every
   * push as JSON cost more CPU than the exchange spends sending them, on the same 2 cores.
   */
  onRawPush: ((text: string, receivedAt: number) => boolean) | undefined;
  closedUnexpectedly = false;
  /** The close code and time (ms since the epoch) of an unexpected close. */
  closeCode: number | undefined;
  closedAt: number | undefined;
  private closing = false;

  private constructor(readonly ws: WebSocket) {}

  static open(url: string, timeoutMs = 15_000): Promise<BenchSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false, skipUTF8Validation: true });
      const s = new BenchSocket(ws);
      const timer = setTimeout(() => {
        ws.terminate();
        reject(new Error('no welcome'));
      }, timeoutMs);
      ws.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      ws.on('close', (code: number) => {
        clearInterval(s.ping);
        if (!s.closing) {
          s.closedUnexpectedly = true;
          s.closeCode = code;
          s.closedAt = Date.now();
        }
        for (const [, done] of s.waiting)
          done({ event: 'reply', op: '', code: 'CLOSED', data: null });
        s.waiting.clear();
      });
      ws.on('message', (raw: Buffer) => {
        const now = Date.now();
        const text = raw.toString('utf8');
        if (s.onRawPush && text.startsWith(PUSH_FRAME) && s.onRawPush(text, now)) return;
        let msg: { event?: string; requestId?: string };
        try {
          msg = JSON.parse(text) as { event?: string; requestId?: string };
        } catch {
          return;
        }
        if (msg.event === 'welcome') {
          clearTimeout(timer);
          s.ping = setInterval(() => s.send({ op: 'ping' }), 20_000);
          resolve(s);
        } else if (msg.event === 'reply' && msg.requestId) {
          const done = s.waiting.get(msg.requestId);
          s.waiting.delete(msg.requestId);
          done?.(msg as Reply);
        } else if (msg.event === 'push') {
          s.onPush(msg as Push, now);
        }
      });
    });
  }

  send(message: Record<string, unknown>): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  request(op: string, args?: Record<string, unknown>, channel?: string): Promise<Reply> {
    const requestId = `r${++this.next}`;
    return new Promise((resolve) => {
      this.waiting.set(requestId, resolve);
      this.send({ op, requestId, ...(channel ? { channel } : {}), ...(args ? { args } : {}) });
    });
  }

  async must(op: string, args?: Record<string, unknown>, channel?: string): Promise<Reply> {
    const r = await this.request(op, args, channel);
    if (r.code !== '200')
      throw new Error(`${op}${channel ? ` ${channel}` : ''} failed: ${r.code} ${r.message ?? ''}`);
    return r;
  }

  close(): void {
    this.closing = true;
    clearInterval(this.ping);
    this.ws.close();
  }
}
