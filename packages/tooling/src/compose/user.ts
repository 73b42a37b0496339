// What a user does against the compose stack, over HTTP and the socket only: register with the
// e-mailed code, log in, trade in Demo mode, apply for identity verification. The puzzle's answer
// is read from the stack's Redis, as the gateway's own tests read it.
import { deflateSync, crc32 } from 'node:zlib';
import WebSocket from 'ws';
import {
  AUTH_ENDPOINTS,
  FILE_ENDPOINTS,
  KYC_ENDPOINTS,
  MARKET_DATA_ENDPOINTS,
  SOCKET_ENDPOINT,
  SPOT_ORDER_ENDPOINTS,
  WALLET_ENDPOINTS,
  type KycFilePlace,
  type PuzzleScene,
} from '@exchange/contracts';
import { validIndividualAdvanced, validIndividualBasic } from '@exchange/contracts/testing/kyc';
import { humanDrag } from '@exchange/contracts/testing/puzzle';
import { sleep, waitFor } from './docker.js';

export const PASSWORD = 'Compose!test9';
/** The agreements the seed publishes (version 1 of each), as the sign-up form sends them. */
const AGREED = [
  { slug: 'service-terms', version: 1 },
  { slug: 'privacy-policy', version: 1 },
];

export interface Stack {
  /** http://127.0.0.1:<gateway port> */
  base: string;
  /** The mail catcher's inbox API. */
  mail: string;
  /** The stored answer of a puzzle (the gap's left edge), read from the stack's Redis. */
  puzzleAnswer(puzzleId: string): number;
}

/** fetch with a time limit: a call that hangs fails the check instead of stalling the run. */
export const get = (url: string, init: RequestInit = {}) =>
  fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });

interface Envelope<T> {
  code: string;
  data: T;
  message: string;
}

/** One call; throws with the envelope when the answer is not "200". */
export async function call<T>(
  stack: Stack,
  method: string,
  path: string,
  opts: { token?: string; mode?: number; body?: unknown; form?: FormData } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.mode !== undefined) headers['runtime-mode'] = String(opts.mode);
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const body = opts.form ?? (opts.body !== undefined ? JSON.stringify(opts.body) : null);
  const res = await get(`${stack.base}${path}`, { method, headers, body });
  const text = await res.text();
  let env: Envelope<T>;
  try {
    env = JSON.parse(text) as Envelope<T>;
  } catch {
    throw new Error(`${method} ${path}: HTTP ${res.status} ${text.slice(0, 200)}`);
  }
  if (env.code !== '200') throw new Error(`${method} ${path}: ${env.code} ${env.message}`);
  return env.data;
}

/** Solves a slide puzzle as a person would: the drag takes its time, then it is sent. */
async function puzzleToken(stack: Stack, scene: PuzzleScene): Promise<string> {
  const { puzzleId } = await call<{ puzzleId: string }>(
    stack,
    'GET',
    `${AUTH_ENDPOINTS.puzzle.path}?scene=${scene}`,
  );
  const drag = humanDrag(stack.puzzleAnswer(puzzleId));
  await sleep(drag.endsAt + 60);
  const verified = await call<{ puzzleToken: string }>(
    stack,
    'POST',
    AUTH_ENDPOINTS.puzzleVerify.path,
    {
      body: { puzzleId, trace: drag.trace },
    },
  );
  return verified.puzzleToken;
}

interface Mail {
  to: { address: string }[];
  text?: string;
  subject?: string;
}

/** The six-digit code of the newest mail to `email` in the catcher. */
async function mailedCode(stack: Stack, email: string): Promise<string> {
  return waitFor(
    `a code mailed to ${email}`,
    async () => {
      const mails = (await (await get(`${stack.mail}/email`)).json()) as Mail[];
      const mine = mails.filter((m) => m.to.some((t) => t.address === email));
      return /code is (\d{6})/.exec(mine.at(-1)?.text ?? '')?.[1];
    },
    60_000,
  );
}

/** Registers through the sign-up form's calls; returns the access token. */
export async function register(stack: Stack, email: string): Promise<string> {
  const token = await puzzleToken(stack, 'REGISTER');
  await call(stack, 'POST', AUTH_ENDPOINTS.registerCode.path, {
    body: { email, puzzleToken: token },
  });
  const code = await mailedCode(stack, email);
  const login = await call<{ token: string }>(stack, 'POST', AUTH_ENDPOINTS.register.path, {
    body: {
      email,
      code,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      entityType: 'INDIVIDUAL',
      acceptedAgreements: AGREED,
    },
  });
  return login.token;
}

export async function login(stack: Stack, email: string): Promise<string> {
  const token = await puzzleToken(stack, 'LOGIN');
  const res = await call<{ token: string }>(stack, 'POST', AUTH_ENDPOINTS.login.path, {
    body: { email, password: PASSWORD, puzzleToken: token },
  });
  return res.token;
}

export interface Balance {
  asset: string;
  available: string;
  frozen: string;
}

export const balances = (stack: Stack, token: string, mode: number) =>
  call<Balance[]>(stack, 'GET', WALLET_ENDPOINTS.balances.path, { token, mode });

export interface OrderView {
  id: string;
  status: string;
  price: string | null;
  amount: string | null;
  filled: string;
}

export const openOrders = async (stack: Stack, token: string, mode: number) =>
  (
    await call<{ result: OrderView[] }>(stack, 'GET', SPOT_ORDER_ENDPOINTS.openOrders.path, {
      token,
      mode,
    })
  ).result;

export const placeOrder = (stack: Stack, token: string, mode: number, body: object) =>
  call<OrderView>(stack, 'POST', SPOT_ORDER_ENDPOINTS.place.path, { token, mode, body });

/** The visible amount at `price` on one side of a book (public depth), or undefined. */
export async function depthAt(
  stack: Stack,
  mode: number,
  symbol: string,
  side: 'bids' | 'asks',
  price: string,
): Promise<string | undefined> {
  const depth = await call<
    Record<string, [string, string][] | { price: string; amount: string }[]>
  >(stack, 'GET', `${MARKET_DATA_ENDPOINTS.depth.path}?symbol=${symbol}&limit=500`, { mode });
  for (const level of depth[side] ?? []) {
    const [p, a] = Array.isArray(level) ? level : [level.price, level.amount];
    if (Number(p) === Number(price)) return a;
  }
  return undefined;
}

/** A socket signed in as the user, subscribed to its order updates. */
export class OrderSocket {
  readonly pushes: { channel?: string; data?: unknown }[] = [];
  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (raw: Buffer) => {
      const m = JSON.parse(raw.toString()) as { event?: string; channel?: string; data?: unknown };
      if (m.event === 'push') this.pushes.push(m);
    });
  }

  static async open(stack: Stack, token: string, mode: number): Promise<OrderSocket> {
    const ws = new WebSocket(`${stack.base.replace(/^http/, 'ws')}${SOCKET_ENDPOINT.path}`);
    const replies = new Map<string, (m: { code?: string }) => void>();
    ws.on('message', (raw: Buffer) => {
      const m = JSON.parse(raw.toString()) as { event?: string; requestId?: string; code?: string };
      if (m.event === 'reply' && m.requestId) replies.get(m.requestId)?.(m);
    });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const socket = new OrderSocket(ws);
    const request = (op: string, rest: object) =>
      new Promise<{ code?: string }>((resolve, reject) => {
        const requestId = Math.random().toString(36).slice(2);
        const timer = setTimeout(() => reject(new Error(`socket ${op}: no reply`)), 10_000);
        replies.set(requestId, (m) => (clearTimeout(timer), resolve(m)));
        ws.send(JSON.stringify({ op, requestId, ...rest }));
      });
    const signedIn = await request('login', { args: { token, runtimeMode: mode } });
    if (signedIn.code !== '200') throw new Error(`socket login: ${JSON.stringify(signedIn)}`);
    const sub = await request('subscribe', { channel: 'order' });
    if (sub.code !== '200') throw new Error(`socket subscribe: ${JSON.stringify(sub)}`);
    return socket;
  }

  /** Waits for an order push about the order `id` with `status`. */
  orderPush(id: string, status: string): Promise<unknown> {
    const items = (d: unknown): { id?: string; status?: string }[] =>
      (Array.isArray(d) ? d : [d]) as { id?: string; status?: string }[];
    return waitFor(
      `an order push for ${id} with ${status}`,
      () =>
        this.pushes.find(
          (m) =>
            m.channel === 'order' && items(m.data).some((i) => i.id === id && i.status === status),
        ),
      20_000,
      100,
    );
  }

  close(): void {
    this.ws.close();
  }
}

/** A real PNG (a flat blue picture), made without an image library. */
function png(width = 64, height = 40): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body) >>> 0, body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.alloc(width * 3, Buffer.from([0x33, 0x66, 0x99])),
  ]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function upload(stack: Stack, token: string, place: KycFilePlace): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([png()], { type: 'image/png' }), 'id.png');
  const res = await call<{ files: { id: string }[] }>(
    stack,
    'POST',
    `${FILE_ENDPOINTS.upload.path}?place=${place}`,
    { token, form },
  );
  const id = res.files[0]?.id;
  if (!id) throw new Error('upload answered no file');
  return id;
}

/**
 * Chooses identity verification and submits both steps with uploaded pictures; returns the
 * application's status once the simulated provider has decided.
 */
export async function verifyIdentity(stack: Stack, token: string): Promise<string> {
  await call(stack, 'GET', `${KYC_ENDPOINTS.selectIndividual.path}?isKyc=true`, { token });
  await call(stack, 'POST', KYC_ENDPOINTS.individualBasic.path, {
    token,
    body: validIndividualBasic(),
  });
  await call(stack, 'POST', KYC_ENDPOINTS.individualAdvanced.path, {
    token,
    body: {
      ...validIndividualAdvanced(),
      addressProofFileIds: [await upload(stack, token, 'KYC_ADDRESS_PROOF')],
      idFrontFileIds: [await upload(stack, token, 'KYC_ID_IMAGE')],
      idBackFileIds: [await upload(stack, token, 'KYC_ID_IMAGE')],
      holdingIdFileIds: [await upload(stack, token, 'KYC_ID_IMAGE')],
    },
  });
  return waitFor(
    "the simulated provider's decision",
    async () => {
      const app = await call<{ status: string }>(stack, 'GET', KYC_ENDPOINTS.application.path, {
        token,
      });
      return app.status === 'AFOOT' ? undefined : app.status;
    },
    90_000,
    1000,
  );
}
