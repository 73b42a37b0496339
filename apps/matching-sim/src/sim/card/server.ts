import {
  TEST_CARDS,
  TEST_CARD_BAD_CVC,
  cardCancelRequest,
  cardChargeRequest,
  cardRefundRequest,
  cardResolveRequest,
} from '@exchange/contracts';
import { simServer, type SimServer } from '../kit/server.js';
import type { CardSim, Charge } from './card-sim.js';

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
export function cardSimServer(sim: CardSim, secret: string): SimServer {
  const server = simServer({ secret, bodyLimit: 64 * 1024 });

  server.open('GET', '/3ds/:id', (req, reply) => {
    const c = sim.get(req.params.id ?? '');
    if (!c) return reply.code(404).send({ error: 'not found' });
    return reply
      .code(200)
      .header('content-type', 'text/html; charset=utf-8')
      .send(confirmationPage(c));
  });
  for (const action of ['confirm', 'cancel'] as const) {
    server.open('POST', `/3ds/:id/${action}`, (req, reply) => {
      const c = sim.resolve(req.params.id ?? '', action === 'confirm');
      return reply.code(303).header('location', `/3ds/${c.chargeId}`).send();
    });
    // The page's buttons post; anything else on their address is no page.
    server.open('GET', `/3ds/:id/${action}`, (_req, reply) =>
      reply.code(404).send({ error: 'not found' }),
    );
  }
  server.open('POST', '/3ds/:id', (_req, reply) => reply.code(404).send({ error: 'not found' }));

  server.signed('POST', '/charges', (req) => sim.charge(cardChargeRequest.parse(req.json())));
  server.signed('GET', '/charges', () => ({
    charges: sim.list().map(({ fingerprint: _f, ...c }) => c),
  }));
  server.signed('GET', '/cards', () => ({ cards: TEST_CARDS, badCvc: TEST_CARD_BAD_CVC }));
  server.signed('POST', '/charges/refund', (req) => {
    const r = cardRefundRequest.parse(req.json());
    const c = sim.refund(r.chargeId, r.reason);
    return { chargeId: c.chargeId, state: c.state };
  });
  server.signed('POST', '/charges/cancel', (req) => {
    const c = sim.cancel(cardCancelRequest.parse(req.json()).chargeId);
    return { chargeId: c.chargeId, state: c.state };
  });
  server.signed('POST', '/resolve', (req) => {
    const r = cardResolveRequest.parse(req.json());
    const c = sim.resolve(r.chargeId, r.confirm);
    return { chargeId: c.chargeId, state: c.state };
  });
  return server;
}
