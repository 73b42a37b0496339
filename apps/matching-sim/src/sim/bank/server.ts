import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { z } from 'zod';
import {
  bankEkycLinkRequest,
  bankOpenAccountRequest,
  bankSandboxIncoming,
  bankTransferRequest,
} from '@exchange/contracts';
import { BankSimError, type BankSim } from './bank-sim.js';
import { ekycPage } from './ekyc-page.js';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verify } from './signer.js';

const outcomeBody = z.object({ ok: z.boolean(), reason: z.string().max(500).nullable() });
const failBody = z.object({ requestId: z.string().min(1), reason: z.string().max(500) });
const returnBody = z.object({ transferId: z.string().min(1), reason: z.string().min(1) });
const clockBody = z.object({ at: z.number().int().positive() });

const MAX_BODY = 64 * 1024;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new Error('body too large'));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function html(res: ServerResponse, status: number, page: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
  });
  res.end(page);
}

/**
 * The bank's API, as a partner bank's would be; every call is signed with the shared secret
 * (by the exchange's gateway, or the `sim:bank` command):
 * - `POST /accounts` {userRef, name, identity, currencies} -> {bankReference, status}
 * - `GET /accounts`, `GET /accounts/:ref`
 * - `POST /accounts/:ref/ekyc-link` {returnUrl?} -> {url, expiresAt}
 * - `POST /transfers` (bankTransferRequest, idempotent on requestId) -> {transferId}; `GET /transfers`
 * - `POST /transfers/return` {transferId, reason} -> {returnId} (an incoming transfer sent back)
 * Sandbox and developer commands: `POST /sandbox/incoming`, `/sandbox/open-outcome`,
 * `/sandbox/fail-transfer`, `/sandbox/clock`. Unsigned: `GET /health` and the e-KYC pages the
 * user's browser opens (`GET /ekyc/:token`, `POST /ekyc/:token/pass|fail`).
 */
export function bankSimServer(sim: BankSim, secret: string): Server {
  return createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://sim');
      if (req.method === 'GET' && url.pathname === '/health') return send(res, 200, { ok: true });
      const ekyc = /^\/ekyc\/([0-9a-f]{32})(?:\/(pass|fail))?$/.exec(url.pathname);
      if (ekyc) {
        const token = ekyc[1] ?? '';
        if (req.method === 'POST' && ekyc[2]) {
          await readBody(req);
          try {
            sim.completeEkyc(token, ekyc[2] === 'pass');
          } catch (err) {
            if (!(err instanceof BankSimError)) throw err;
          }
          res.writeHead(303, { location: `/ekyc/${token}` });
          return res.end();
        }
        if (req.method === 'GET') return html(res, 200, ekycPage(token, sim.ekycSession(token)));
      }
      const body = await readBody(req);
      const signed = req.method === 'GET' ? url.pathname : body;
      if (!verify(secret, signed, req.headers[SIGNATURE_HEADER], req.headers[TIMESTAMP_HEADER]))
        return send(res, 401, { error: 'bad signature' });
      const json = (): unknown => JSON.parse(body || '{}');
      const account = /^\/accounts\/([^/]+)(\/ekyc-link)?$/.exec(url.pathname);
      if (account) {
        const ref = decodeURIComponent(account[1] ?? '');
        if (req.method === 'GET' && !account[2]) return send(res, 200, sim.account(ref));
        if (req.method === 'POST' && account[2]) {
          const r = bankEkycLinkRequest.parse(json());
          return send(res, 200, sim.ekycLink(ref, r.returnUrl));
        }
      }
      switch (`${req.method} ${url.pathname}`) {
        case 'POST /accounts':
          return send(res, 200, sim.openAccount(bankOpenAccountRequest.parse(json())));
        case 'GET /accounts':
          return send(res, 200, { accounts: sim.listAccounts() });
        case 'POST /transfers':
          return send(res, 200, sim.sendTransfer(bankTransferRequest.parse(json())));
        case 'POST /transfers/return': {
          const r = returnBody.parse(json());
          return send(res, 200, sim.returnTransfer(r.transferId, r.reason));
        }
        case 'GET /transfers':
          return send(res, 200, {
            now: new Date(sim.logicalNow()).toISOString(),
            transfers: sim.listTransfers(),
            deliveries: sim.pendingDeliveries(),
          });
        case 'POST /sandbox/incoming':
          return send(res, 200, sim.incoming(bankSandboxIncoming.parse(json())));
        case 'POST /sandbox/open-outcome': {
          const r = outcomeBody.parse(json());
          return send(res, 200, { queued: sim.setOpenOutcome(r) });
        }
        case 'POST /sandbox/fail-transfer': {
          const r = failBody.parse(json());
          return send(res, 200, sim.failTransfer(r.requestId, r.reason));
        }
        case 'POST /sandbox/clock': {
          const r = clockBody.parse(json());
          return send(res, 200, { now: new Date(sim.setClock(r.at)).toISOString() });
        }
        default:
          return send(res, 404, { error: 'not found' });
      }
    })().catch((err: unknown) =>
      send(res, err instanceof BankSimError ? err.status : 400, {
        error: err instanceof z.ZodError ? z.prettifyError(err) : (err as Error).message,
      }),
    );
  });
}
