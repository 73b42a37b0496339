import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { z } from 'zod';
import { TEST_CARDS, TEST_CARD_BAD_CVC, cardChargeRequest } from '@exchange/contracts';
import { CardSimError, type CardSim, type Charge } from './card-sim.js';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verify } from './signer.js';

const resolveBody = z.object({ chargeId: z.string().min(1), confirm: z.boolean() });
const cancelBody = z.object({ chargeId: z.string().min(1) });
const refundBody = z.object({ chargeId: z.string().min(1), reason: z.string().min(1) });
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

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The processor's own confirmation page (its look, not the exchange's), in English like most ACS pages. */
function confirmationPage(c: Charge): string {
  const waiting = c.state === 'REQUIRES_ACTION';
  const back = new URL(c.returnUrl);
  back.searchParams.set('chargeId', c.chargeId);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Card verification</title>
<style>body{font-family:system-ui,sans-serif;background:#eef1f5;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:10px;box-shadow:0 2px 12px #0002;padding:28px;max-width:360px;width:100%}
h1{font-size:18px;margin:0 0 4px}.muted{color:#667;font-size:13px}dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;margin:18px 0}
dt{color:#667}dd{margin:0;font-weight:600}.row{display:flex;gap:10px}button,a.btn{flex:1;padding:10px;border-radius:6px;border:0;font-size:15px;cursor:pointer;text-align:center;text-decoration:none}
.ok{background:#1a56db;color:#fff}.no{background:#e5e7eb;color:#111}</style></head><body><main>
<h1>Secure card verification</h1><p class="muted">Simulated card processor · 3-D Secure</p>
<dl><dt>Amount</dt><dd>${esc(c.amount)} ${esc(c.currency)}</dd><dt>Card</dt><dd>${esc(c.brand)} •••• ${esc(c.last4)}</dd>
<dt>Cardholder</dt><dd>${esc(c.holder)}</dd></dl>
${
  waiting
    ? `<p>Confirm this payment to the exchange?</p><div class="row">
<form method="post" action="/3ds/${esc(c.chargeId)}/cancel" style="flex:1;display:flex"><button class="no" id="cancel">Cancel</button></form>
<form method="post" action="/3ds/${esc(c.chargeId)}/confirm" style="flex:1;display:flex"><button class="ok" id="confirm">Confirm</button></form></div>`
    : `<p id="outcome">${c.state === 'SUCCEEDED' ? 'Payment confirmed.' : c.state === 'REFUNDED' ? 'Payment refunded.' : 'Payment cancelled.'}</p>
<div class="row"><a class="btn ok" id="back" href="${esc(back.href)}">Return to the exchange</a></div>`
}
</main></body></html>`;
}

/**
 * The processor's API, as an acquirer's would be. Signed by the caller with the shared secret
 * (the exchange's gateway, or the `sim:card` command):
 * - `POST /charges` {requestId, card, amount, currency, returnUrl, callbackUrl?} ->
 *   {chargeId, status: succeeded | declined | requires_action, actionUrl?, declineCode?, brand, last4}
 * - `POST /charges/cancel` (the merchant cancels a charge still waiting for the cardholder),
 * - `POST /charges/refund` {chargeId, reason} (the whole amount back to the card),
 * - `GET /charges` (the command's list), `GET /cards` (the test cards), `POST /resolve`
 *   {chargeId, confirm} (the command's confirm / decline).
 * Unsigned, as the cardholder's browser reaches them: `GET /3ds/<chargeId>` (the confirmation
 * page), `POST /3ds/<chargeId>/confirm|cancel` (its buttons), and `GET /health`.
 */
export function cardSimServer(sim: CardSim, secret: string): Server {
  return createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://sim');
      if (req.method === 'GET' && url.pathname === '/health') return send(res, 200, { ok: true });
      const page = /^\/3ds\/([\w-]+)(?:\/(confirm|cancel))?$/.exec(url.pathname);
      if (page?.[1]) {
        const id = page[1];
        const action = page[2];
        if (req.method === 'POST' && action) {
          await readBody(req);
          const c = sim.resolve(id, action === 'confirm');
          res.writeHead(303, { location: `/3ds/${c.chargeId}` });
          return res.end();
        }
        const c = sim.get(id);
        if (req.method !== 'GET' || !c || action) return send(res, 404, { error: 'not found' });
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(confirmationPage(c));
      }
      const body = await readBody(req);
      const signed = req.method === 'GET' ? url.pathname : body;
      if (!verify(secret, signed, req.headers[SIGNATURE_HEADER], req.headers[TIMESTAMP_HEADER]))
        return send(res, 401, { error: 'bad signature' });
      const route = `${req.method} ${url.pathname}`;
      if (route === 'POST /charges') {
        const parsed = cardChargeRequest.safeParse(JSON.parse(body));
        if (!parsed.success) return send(res, 400, { error: parsed.error.message });
        return send(res, 200, sim.charge(parsed.data));
      }
      if (route === 'GET /charges')
        return send(res, 200, {
          charges: sim.list().map(({ fingerprint: _f, ...c }) => c),
        });
      if (route === 'GET /cards')
        return send(res, 200, { cards: TEST_CARDS, badCvc: TEST_CARD_BAD_CVC });
      if (route === 'POST /charges/refund') {
        const parsed = refundBody.safeParse(JSON.parse(body));
        if (!parsed.success) return send(res, 400, { error: parsed.error.message });
        const c = sim.refund(parsed.data.chargeId, parsed.data.reason);
        return send(res, 200, { chargeId: c.chargeId, state: c.state });
      }
      if (route === 'POST /charges/cancel') {
        const parsed = cancelBody.safeParse(JSON.parse(body));
        if (!parsed.success) return send(res, 400, { error: parsed.error.message });
        const c = sim.cancel(parsed.data.chargeId);
        return send(res, 200, { chargeId: c.chargeId, state: c.state });
      }
      if (route === 'POST /resolve') {
        const parsed = resolveBody.safeParse(JSON.parse(body));
        if (!parsed.success) return send(res, 400, { error: parsed.error.message });
        const c = sim.resolve(parsed.data.chargeId, parsed.data.confirm);
        return send(res, 200, { chargeId: c.chargeId, state: c.state });
      }
      send(res, 404, { error: 'not found' });
    })().catch((err: unknown) => {
      if (err instanceof CardSimError) return send(res, err.status, { error: err.message });
      send(res, 400, { error: (err as Error).message });
    });
  });
}
