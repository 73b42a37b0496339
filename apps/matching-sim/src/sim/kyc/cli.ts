import { signedHeaders } from './signer.js';
import { cliSecret } from '../settings.js';

/**
 * Drives the simulated KYC provider (`npm run sim:kyc -- <command>`):
 *   list                                     the reviews and their callbacks
 *   decide <applicationId> pass|reject|fail ["<reason>"]   decides an open review now
 * Reaches it at KYC_PROVIDER_URL (default http://127.0.0.1:8091), signed with KYC_CALLBACK_SECRET
 * (from the environment, else the installation's .local/secrets.env that `npm start` made).
 */
const base = process.env.KYC_PROVIDER_URL ?? 'http://127.0.0.1:8091';
const secret = cliSecret('KYC_CALLBACK_SECRET');
const [command, id, decision, reason] = process.argv.slice(2).filter((a) => a !== '--');

async function call(method: 'GET' | 'POST', pathname: string, body?: unknown): Promise<unknown> {
  const text = body === undefined ? '' : JSON.stringify(body);
  const res = await fetch(new URL(pathname, base), {
    method,
    headers: signedHeaders(secret, method === 'GET' ? pathname : text),
    ...(method === 'POST' ? { body: text } : {}),
  });
  const answer: unknown = await res.json();
  if (!res.ok) throw new Error(`${res.status}: ${JSON.stringify(answer)}`);
  return answer;
}

const DECISIONS: Record<string, string> = { pass: 'PASS', reject: 'REJECT', fail: 'FAILED' };
const say = (line: string) => process.stdout.write(`${line}\n`);

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

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
