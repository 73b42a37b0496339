import {
  bankClockRequest,
  bankEkycLinkRequest,
  bankFailTransferRequest,
  bankOpenAccountRequest,
  bankOpenOutcomeRequest,
  bankReturnRequest,
  bankSandboxIncoming,
  bankTransferRequest,
} from '@exchange/contracts';
import { simServer, type SimServer } from '../kit/server.js';
import { BankSimError, type BankSim } from './bank-sim.js';
import { ekycPage } from './ekyc-page.js';

/** An e-KYC session's token in the page's path. */
const TOKEN = ':token(^[0-9a-f]{32}$)';

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
export function bankSimServer(sim: BankSim, secret: string): SimServer {
  const server = simServer({ secret, bodyLimit: 64 * 1024 });

  server.open('GET', `/ekyc/${TOKEN}`, (req, reply) => {
    const token = req.params.token ?? '';
    return reply
      .code(200)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(ekycPage(token, sim.ekycSession(token)));
  });
  for (const outcome of ['pass', 'fail'] as const)
    server.open('POST', `/ekyc/${TOKEN}/${outcome}`, (req, reply) => {
      const token = req.params.token ?? '';
      try {
        sim.completeEkyc(token, outcome === 'pass');
      } catch (err) {
        // A page opened twice or too late shows its state; the redirect stays the same.
        if (!(err instanceof BankSimError)) throw err;
      }
      return reply.code(303).header('location', `/ekyc/${token}`).send();
    });

  server.signed('POST', '/accounts', (req) =>
    sim.openAccount(bankOpenAccountRequest.parse(req.json())),
  );
  server.signed('GET', '/accounts', () => ({ accounts: sim.listAccounts() }));
  server.signed('GET', '/accounts/:ref', (req) => sim.account(req.params.ref ?? ''));
  server.signed('POST', '/accounts/:ref/ekyc-link', (req) => {
    const r = bankEkycLinkRequest.parse(req.json());
    return sim.ekycLink(req.params.ref ?? '', r.returnUrl);
  });
  server.signed('POST', '/transfers', (req) =>
    sim.sendTransfer(bankTransferRequest.parse(req.json())),
  );
  server.signed('POST', '/transfers/return', (req) => {
    const r = bankReturnRequest.parse(req.json());
    return sim.returnTransfer(r.transferId, r.reason);
  });
  server.signed('GET', '/transfers', () => ({
    now: new Date(sim.logicalNow()).toISOString(),
    transfers: sim.listTransfers(),
    deliveries: sim.pendingDeliveries(),
  }));
  server.signed('POST', '/sandbox/incoming', (req) =>
    sim.incoming(bankSandboxIncoming.parse(req.json())),
  );
  server.signed('POST', '/sandbox/open-outcome', (req) => ({
    queued: sim.setOpenOutcome(bankOpenOutcomeRequest.parse(req.json())),
  }));
  server.signed('POST', '/sandbox/fail-transfer', (req) => {
    const r = bankFailTransferRequest.parse(req.json());
    return sim.failTransfer(r.requestId, r.reason);
  });
  server.signed('POST', '/sandbox/clock', (req) => {
    const r = bankClockRequest.parse(req.json());
    return { now: new Date(sim.setClock(r.at)).toISOString() };
  });
  return server;
}
