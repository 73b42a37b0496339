import { runCli, say, simClient } from '../kit/cli.js';
import { cliSecret } from '../settings.js';

/**
 * Drives the simulated partner bank (`npm run sim:bank -- <command>`):
 *   deposit <accountNumber> <USD|EUR> <amount> [--payer-name N] [--payer-account A]
 *           [--payer-swift S] [--payer-bank-code C] [--reference R]
 *                                      an incoming transfer to a virtual account (the sandbox)
 *   accounts                           the accounts, their state and e-KYC
 *   transfers                          incoming and outgoing transfers, and callbacks waiting
 *   set-outcome open <success|fail> ["<reason>"]   how the next account opening ends
 *   fail-transfer <requestId> ["<reason>"]         the bank refuses a scheduled outgoing transfer
 *   set-clock <ISO time>               moves the bank's clock (demos and tests: a business day)
 * Reaches it at BANK_SIM_URL (default http://127.0.0.1:8093), signed with BANK_CALLBACK_SECRET
 * (from the environment, else the installation's .local/secrets.env that `npm start` made).
 */
const base = process.env.BANK_SIM_URL ?? 'http://127.0.0.1:8093';
const args = process.argv.slice(2).filter((a) => a !== '--');

const call = simClient(base, cliSecret('BANK_CALLBACK_SECRET'));

const USAGE = `Usage: npm run sim:bank -- deposit <accountNumber> <USD|EUR> <amount> [--payer-name "Jane Doe"] [--payer-account 123456789] [--payer-swift HSBCHKHHXXX] [--payer-bank-code 004] [--reference text]
       npm run sim:bank -- accounts
       npm run sim:bank -- transfers
       npm run sim:bank -- set-outcome open <success|fail> ["<reason>"]
       npm run sim:bank -- fail-transfer <requestId> ["<reason>"]
       npm run sim:bank -- set-clock <ISO time, e.g. 2026-11-30T01:00:00Z>
`;

/** Positional arguments and --flags. */
function parse(list: string[]): { positional: string[]; flags: Map<string, string> } {
  const positional: string[] = [];
  const flags = new Map<string, string>();
  for (let i = 0; i < list.length; i += 1) {
    const a = list[i] ?? '';
    if (a.startsWith('--')) {
      flags.set(a.slice(2), list[i + 1] ?? '');
      i += 1;
    } else positional.push(a);
  }
  return { positional, flags };
}

interface Account {
  bankReference: string;
  userRef: string;
  name: string;
  status: string;
  accountNumber: string | null;
  currencies: string[];
  failureReason: string | null;
  ekyc: { state: string; expiresAt: number | null; links: number };
}
interface Transfer {
  transferId: string;
  direction: string;
  requestId: string | null;
  accountNumber: string | null;
  currency: string;
  amount: string;
  counterparty: { name: string; accountNumber: string };
  state: string;
  sendAt: number | null;
  intermediaryFee: string | null;
  reason: string | null;
}

async function main(): Promise<number> {
  const { positional, flags } = parse(args);
  const [command, a, b, c] = positional;
  switch (command) {
    case 'deposit':
      if (a && b && c) {
        const t = (await call('POST', '/sandbox/incoming', {
          accountNumber: a,
          currency: b.toUpperCase(),
          amount: c,
          payerName: flags.get('payer-name') ?? 'Sandbox Payer',
          payerAccountNumber: flags.get('payer-account') ?? '000123456789',
          ...(flags.get('payer-swift') ? { payerSwiftCode: flags.get('payer-swift') } : {}),
          ...(flags.get('payer-bank-code') ? { payerBankCode: flags.get('payer-bank-code') } : {}),
          ...(flags.get('reference') ? { reference: flags.get('reference') } : {}),
        })) as Transfer;
        say(
          `Received ${t.amount} ${t.currency} on ${a} from ${t.counterparty.name} (${t.counterparty.accountNumber}): transfer ${t.transferId}; the exchange is told now.`,
        );
        return 0;
      }
      break;
    case 'accounts': {
      const l = (await call('GET', '/accounts')) as { accounts: Account[] };
      if (!l.accounts.length) say('No accounts yet.');
      for (const x of l.accounts)
        say(
          `${x.bankReference}  ${x.status}  ${x.accountNumber ?? '-'}  ${x.name}  ${x.currencies.join('/')}  e-KYC ${x.ekyc.state}${x.ekyc.expiresAt ? ` (link until ${new Date(x.ekyc.expiresAt).toISOString()})` : ''}${x.failureReason ? `  ${x.failureReason}` : ''}`,
        );
      return 0;
    }
    case 'transfers': {
      const l = (await call('GET', '/transfers')) as {
        now: string;
        transfers: Transfer[];
        deliveries: unknown[];
      };
      say(`Bank time ${l.now}`);
      for (const t of l.transfers)
        say(
          `${t.transferId}  ${t.direction}  ${t.amount} ${t.currency}  ${t.state}${t.requestId ? `  request ${t.requestId}` : ''}  ${t.direction === 'IN' ? `to ${t.accountNumber} from` : 'to'} ${t.counterparty.name} ${t.counterparty.accountNumber}${t.sendAt && t.state === 'SCHEDULED' ? `  sends at ${new Date(t.sendAt).toISOString()}` : ''}${t.intermediaryFee ? `  fee ${t.intermediaryFee}` : ''}${t.reason ? `  ${t.reason}` : ''}`,
        );
      if (l.deliveries.length) say(`  ${l.deliveries.length} callbacks waiting for the exchange`);
      return 0;
    }
    case 'set-outcome':
      if (a === 'open' && (b === 'success' || b === 'fail')) {
        await call('POST', '/sandbox/open-outcome', { ok: b === 'success', reason: c ?? null });
        say(`The next account opening will ${b === 'success' ? 'succeed' : 'fail'}.`);
        return 0;
      }
      break;
    case 'set-clock':
      if (a && !Number.isNaN(Date.parse(a))) {
        const r = (await call('POST', '/sandbox/clock', { at: Date.parse(a) })) as { now: string };
        say(`Bank time ${r.now}; scheduled transfers due by then are sent now.`);
        return 0;
      }
      break;
    case 'fail-transfer':
      if (a) {
        await call('POST', '/sandbox/fail-transfer', {
          requestId: a,
          reason: b ?? 'Refused by the beneficiary bank.',
        });
        say(`Transfer of request ${a} failed at the bank.`);
        return 0;
      }
      break;
  }
  process.stderr.write(USAGE);
  return 2;
}

runCli(main);
