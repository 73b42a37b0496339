import { runCli, say, simClient } from '../kit/cli.js';
import { cliSecret } from '../settings.js';

/**
 * Drives the simulated KYC provider (`npm run sim:kyc -- <command>`):
 *   list                                     the reviews and their callbacks
 *   decide <applicationId> pass|reject|fail ["<reason>"]   decides an open review now
 * Reaches it at KYC_PROVIDER_URL (default http://127.0.0.1:8091), signed with KYC_CALLBACK_SECRET
 * (from the environment, else the installation's .local/secrets.env that `npm start` made).
 */
const base = process.env.KYC_PROVIDER_URL ?? 'http://127.0.0.1:8091';
const [command, id, decision, reason] = process.argv.slice(2).filter((a) => a !== '--');

const call = simClient(base, cliSecret('KYC_CALLBACK_SECRET'));

const DECISIONS: Record<string, string> = { pass: 'PASS', reject: 'REJECT', fail: 'FAILED' };

interface ListedReview {
  applicationId: string;
  name: string;
  state: string;
  callback: { decision: string; reason: string | null } | null;
  lastError: string | null;
}

async function main(): Promise<number> {
  if (command === 'list') {
    const { reviews } = (await call('GET', '/applications')) as { reviews: ListedReview[] };
    if (reviews.length === 0) say('No applications.');
    for (const r of reviews)
      say(
        [
          r.applicationId,
          r.state,
          r.callback?.decision ?? '-',
          JSON.stringify(r.name),
          r.callback?.reason ?? '',
          r.lastError ? `(last error: ${r.lastError})` : '',
        ]
          .filter(Boolean)
          .join('  '),
      );
    return 0;
  }
  const mapped = decision ? DECISIONS[decision.toLowerCase()] : undefined;
  if (command === 'decide' && id && mapped) {
    await call('POST', '/decisions', { id, decision: mapped, reason: reason ?? null });
    say(`Decided ${id}: ${mapped}${reason ? ` (${reason})` : ''}`);
    return 0;
  }
  process.stderr.write(
    'Usage: npm run sim:kyc -- list | decide <applicationId> pass|reject|fail ["<reason>"]\n',
  );
  return 2;
}

runCli(main);
