import { kycDecideRequest, kycProviderSubmission } from '@exchange/contracts';
import { SimError, simServer, type SimServer } from '../kit/server.js';
import type { KycSim } from './kyc-sim.js';

/**
 * The provider's API, as a vendor's would be: every call is signed by the caller with the shared
 * secret (the exchange's gateway, or the `sim:kyc` command).
 * - `POST /applications`: an application to review; answers `{ reference, status: RECEIVED }`.
 * - `GET /applications`: the reviews and where their callbacks stand (the command's `list`).
 * - `POST /decisions`: `{ id, decision, reason }` decides an open review by command.
 * - `GET /health`.
 */
export function kycSimServer(sim: KycSim, secret: string): SimServer {
  const server = simServer({ secret, bodyLimit: 1024 * 1024 });
  server.signed('POST', '/applications', (req) => {
    const review = sim.receive(kycProviderSubmission.parse(req.json()));
    return { reference: review.reference, status: 'RECEIVED' };
  });
  server.signed('GET', '/applications', () => ({ reviews: sim.list() }));
  server.signed('POST', '/decisions', (req) => {
    const { id, decision, reason } = kycDecideRequest.parse(req.json());
    const review = sim.decide(id, decision, reason ?? null);
    if (!review) throw new SimError(404, `no open review for ${id}`);
    return { review };
  });
  return server;
}
