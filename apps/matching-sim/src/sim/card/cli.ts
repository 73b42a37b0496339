import { runCli, say, simClient } from '../kit/cli.js';
import { cliSecret } from '../settings.js';

/**
 * Drives the simulated card processor (`npm run sim:card -- <command>`):
 *   cards                  the test card numbers
 *   list                   the charges and their callbacks
 *   confirm <chargeId>     confirms a charge waiting for 3-D Secure (as the cardholder would)
 *   decline <chargeId>     cancels it
 * Reaches it at CARD_API_URL (default http://127.0.0.1:8094), signed with CARD_CALLBACK_SECRET
 * (from the environment, else the installation's .local/secrets.env that `npm start` made).
 */
const base = process.env.CARD_API_URL ?? process.env.CARD_SIM_URL ?? 'http://127.0.0.1:8094';
const [command, id] = process.argv.slice(2).filter((a) => a !== '--');

const call = simClient(base, cliSecret('CARD_CALLBACK_SECRET'));

interface ListedCharge {
  chargeId: string;
  state: string;
  amount: string;
  currency: string;
  brand: string;
  last4: string;
  delivery: string;
  lastError: string | null;
}

async function main(): Promise<number> {
  if (command === 'cards') {
    const { cards, badCvc } = (await call('GET', '/cards')) as {
      cards: Record<string, string>;
      badCvc: string;
    };
    for (const [name, number] of Object.entries(cards)) say(`${number}  ${name}`);
    say(`Any future expiry (MM/YY) and any CVC except ${badCvc} (refused as incorrect).`);
    return 0;
  }
  if (command === 'list') {
    const { charges } = (await call('GET', '/charges')) as { charges: ListedCharge[] };
    if (charges.length === 0) say('No charges.');
    for (const c of charges)
      say(
        [
          c.chargeId,
          c.state,
          `${c.amount} ${c.currency}`,
          `${c.brand} ${c.last4}`,
          `callback ${c.delivery}`,
          c.lastError ? `(last error: ${c.lastError})` : '',
        ]
          .filter(Boolean)
          .join('  '),
      );
    return 0;
  }
  if ((command === 'confirm' || command === 'decline') && id) {
    const out = (await call('POST', '/resolve', {
      chargeId: id,
      confirm: command === 'confirm',
    })) as {
      state: string;
    };
    say(`${id}: ${out.state}`);
    return 0;
  }
  process.stderr.write(
    'Usage: npm run sim:card -- cards | list | confirm <chargeId> | decline <chargeId>\n',
  );
  return 2;
}

runCli(main);
