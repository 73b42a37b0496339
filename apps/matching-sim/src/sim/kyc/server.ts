import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { z } from 'zod';
import { kycDecision, kycProviderSubmission } from '@exchange/contracts';
import type { KycSim } from './kyc-sim.js';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verify } from './signer.js';

const decideBody = z.object({
  id: z.string().min(1),
  decision: kycDecision,
  reason: z.string().max(500).nullable().optional(),
});

const MAX_BODY = 1024 * 1024;

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
 * The provider's API, as a vendor's would be: every call is signed by the caller with the shared
 * secret (the exchange's gateway, or the `sim:kyc` command).
 * - `POST /applications`: an application to review; answers `{ reference, status: RECEIVED }`.
 * - `GET /applications`: the reviews and where their callbacks stand (the command's `list`).
 * - `POST /decisions`: `{ id, decision, reason }` decides an open review by command.
 * - `GET /health`.
 */
export function kycSimServer(sim: KycSim, secret: string): Server {
  return createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://sim');
      if (req.method === 'GET' && url.pathname === '/health') return send(res, 200, { ok: true });
      const body = await readBody(req);
      // A GET signs its path: there is no body.
      const signed = req.method === 'GET' ? url.pathname : body;
      if (!verify(secret, signed, req.headers[SIGNATURE_HEADER], req.headers[TIMESTAMP_HEADER]))
        return send(res, 401, { error: 'bad signature' });
      if (req.method === 'POST' && url.pathname === '/applications') {
        const parsed = kycProviderSubmission.safeParse(JSON.parse(body));
        if (!parsed.success) return send(res, 400, { error: parsed.error.message });
        const review = sim.receive(parsed.data);
        return send(res, 200, { reference: review.reference, status: 'RECEIVED' });
      }
      if (req.method === 'GET' && url.pathname === '/applications')
        return send(res, 200, { reviews: sim.list() });
      if (req.method === 'POST' && url.pathname === '/decisions') {
        const parsed = decideBody.safeParse(JSON.parse(body));
        if (!parsed.success) return send(res, 400, { error: parsed.error.message });
        const { id, decision, reason } = parsed.data;
        const review = sim.decide(id, decision, reason ?? null);
        return review
          ? send(res, 200, { review })
          : send(res, 404, { error: `no open review for ${id}` });
      }
      send(res, 404, { error: 'not found' });
    })().catch((err: unknown) => send(res, 400, { error: (err as Error).message }));
  });
}
