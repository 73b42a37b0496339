import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { z } from 'zod';
import { chainAddressRequest, chainBroadcastRequest, coinStatus } from '@exchange/contracts';
import { ChainSimError, type ChainSim } from './chain-sim.js';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verify } from './signer.js';

const sendBody = z.object({
  network: z.string(),
  address: z.string().min(1).max(128),
  amount: z.string().max(60),
  asset: z.string().max(16).optional(),
});
const reorgBody = z.object({ network: z.string(), blocks: z.number().int() });
const statusBody = z.object({ network: z.string(), coinStatus });
const connectBody = z.object({ network: z.string(), connected: z.boolean() });
const failBody = z.object({ withdrawalId: z.string().min(1), reason: z.string().max(500) });

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

/**
 * The chain's API, as a custody provider's would be; every call is signed with the shared secret
 * (by the exchange's gateway, or the `sim:chain` command):
 * - `POST /addresses` {kind, index, callbackUrl} -> {kind, index, address}
 * - `POST /broadcast` {withdrawalId, network, asset, address, amount, callbackUrl} -> {txId}
 * - `GET /status` -> {networks: [{network, kind, height, coinStatus, connected}]}
 * Developer commands: `POST /faucet`, `/mine`, `/reorg`, `/coin-status`, `/connection`, `/fail-withdrawal`;
 * `GET /transfers`. And `GET /health`, unsigned.
 */
export function chainSimServer(sim: ChainSim, secret: string): Server {
  return createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://sim');
      if (req.method === 'GET' && url.pathname === '/health') return send(res, 200, { ok: true });
      const body = await readBody(req);
      const signed = req.method === 'GET' ? url.pathname : body;
      if (!verify(secret, signed, req.headers[SIGNATURE_HEADER], req.headers[TIMESTAMP_HEADER]))
        return send(res, 401, { error: 'bad signature' });
      const json = (): unknown => JSON.parse(body);
      const route = `${req.method} ${url.pathname}`;
      switch (route) {
        case 'GET /status':
          return send(res, 200, sim.status());
        case 'GET /transfers':
          return send(res, 200, sim.list());
        case 'POST /addresses': {
          const r = chainAddressRequest.parse(json());
          return send(res, 200, {
            ...r,
            address: sim.registerAddress(r.kind, r.index, r.callbackUrl),
          });
        }
        case 'POST /broadcast':
          return send(res, 200, sim.broadcast(chainBroadcastRequest.parse(json())));
        case 'POST /faucet': {
          const r = sendBody.parse(json());
          return send(res, 200, sim.send(r.network, r.address, r.amount, r.asset));
        }
        case 'POST /mine': {
          const r = reorgBody.parse(json());
          return send(res, 200, { height: sim.mineNow(r.network, r.blocks) });
        }
        case 'POST /reorg': {
          const r = reorgBody.parse(json());
          return send(res, 200, sim.reorg(r.network, r.blocks));
        }
        case 'POST /coin-status': {
          const r = statusBody.parse(json());
          sim.setStatus(r.network, r.coinStatus);
          return send(res, 200, { ok: true });
        }
        case 'POST /connection': {
          const r = connectBody.parse(json());
          sim.setConnected(r.network, r.connected);
          return send(res, 200, { ok: true });
        }
        case 'POST /fail-withdrawal': {
          const r = failBody.parse(json());
          sim.failWithdrawal(r.withdrawalId, r.reason);
          return send(res, 200, { ok: true });
        }
        default:
          return send(res, 404, { error: 'not found' });
      }
    })().catch((err: unknown) =>
      send(res, err instanceof ChainSimError ? err.status : 400, {
        error: err instanceof z.ZodError ? z.prettifyError(err) : (err as Error).message,
      }),
    );
  });
}
