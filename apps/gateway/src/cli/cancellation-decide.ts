// Operator commands that need the whole gateway (buildApp) live here, above the features.
import { cancellationDecision } from '@exchange/contracts';
import { buildApp } from '../app.js';
import { localInstallationEnv } from '../config/local-env.js';
import { decideByUid } from '../features/identity/cancellation/cancellation-service.js';

/**
 * `npm run cancellation:decide -- <uid> success` or `... <uid> fail "<note>"`: the reviewer's
 * decision on the account's request under review, before the 7th business day. A success still
 * needs every money condition met (otherwise it fails with CONDITIONS_NOT_MET). Uses the
 * gateway's settings (DATABASE_URL, REDIS_URL): the sessions end and the mail goes out as usual.
 */
const [uid, verdict, note] = process.argv.slice(2);
if (!uid || (verdict !== 'success' && verdict !== 'fail')) {
  process.stderr.write('Usage: cancellation:decide <uid> success | fail "<note>"\n');
  process.exit(2);
}
// The exchange `npm start` runs, unless told otherwise (the same defaults as start.ts). Only
// this decision runs here: no settlement consumer, no market makers, no job worker.
process.env.SETTLEMENT = 'false';
process.env.MARKET_MAKERS = 'false';
const decision = cancellationDecision.parse(
  verdict === 'success'
    ? { decision: 'SUCCESS' }
    : { decision: 'FAILED', note: note ?? 'Rejected by the reviewer' },
);
const app = await buildApp({ env: localInstallationEnv({ LOG_LEVEL: 'warn' }) });
try {
  await app.ready();
  const view = await decideByUid(app.cancellation, uid, decision);
  process.stdout.write(`${JSON.stringify(view, null, 2)}\n`);
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
} finally {
  await app.close();
}
