// `npm run mm:soak -- --minutes 60`: a benchmark-style run (not a test) of the simulated market.
import { parseArgs } from 'node:util';
import { OPEN_ORDER_STATUSES } from '@exchange/contracts';
import { createDb } from '../db/client.js';
import { auditLedger } from '../features/wallet/ledger/audit.js';

/**
 * Watches the market makers of a running exchange (`npm start` in another terminal, the same
 * DATABASE_URL) for N minutes: every minute the trades, resting house orders and Real deposits so
 * far; at the end the traded volume per mode and symbol over the run and the ledger audit
 * (unbalanced assets, balances that disagree with their entries, negative balances: all zero
 * when the books are sound). Exits 1 when the audit is not clean.
 */
const { values } = parseArgs({ options: { minutes: { type: 'string', default: '10' } } });
const minutes = Number(values.minutes);
if (!Number.isFinite(minutes) || minutes <= 0) {
  process.stderr.write('Usage: npm run mm:soak -- --minutes <n>\n');
  process.exit(2);
}
const db = createDb(process.env.DATABASE_URL ?? 'postgresql://postgres@localhost:5432/exchange', 4);
const say = (line: string) => process.stdout.write(`${line}\n`);
const since = new Date();
const house = async () =>
  (await db.user.findMany({ where: { isHouse: true }, select: { id: true } })).map((u) => u.id);

async function progress(): Promise<void> {
  const ids = await house();
  const [trades, resting, deposits, bank] = await Promise.all([
    db.spotTrade.count({ where: { createdAt: { gte: since } } }),
    db.spotOrder.groupBy({
      by: ['mode'],
      where: { userId: { in: ids }, status: { in: [...OPEN_ORDER_STATUSES] } },
      _count: true,
    }),
    db.cryptoDeposit.count({ where: { userId: { in: ids }, state: 'AVAILABLE' } }),
    db.fiatDeposit.count({ where: { userId: { in: ids }, state: 'CREDITED' } }),
  ]);
  const rest = resting.map((r) => `${['Real', 'Demo', 'Trial'][r.mode]} ${r._count}`).join(', ');
  say(
    `${new Date().toISOString()}  trades ${trades}  resting house orders: ${rest || 'none'}  house deposits credited ${deposits} crypto, ${bank} bank`,
  );
}

say(`Watching the market makers for ${minutes} minute(s) from ${since.toISOString()}`);
for (let m = 0; m < minutes; m++) {
  await new Promise((r) => setTimeout(r, 60_000));
  await progress();
}
const volumes = await db.$queryRaw<
  { mode: number; symbol: string; trades: bigint; volume: string; quote: string }[]
>`
  SELECT mode, symbol, COUNT(*) AS trades, SUM(quantity)::text AS volume, SUM("quoteAmount")::text AS quote
  FROM spot_trade WHERE "createdAt" >= ${since} GROUP BY mode, symbol ORDER BY mode, symbol`;
say('\nmode   symbol        trades      volume            quote volume');
for (const v of volumes)
  say(
    `${['Real', 'Demo', 'Trial'][v.mode]?.padEnd(6)} ${v.symbol.padEnd(12)} ${String(v.trades).padStart(7)}  ${Number(v.volume).toFixed(4).padStart(16)}  ${Number(v.quote).toFixed(2).padStart(16)}`,
  );
const audit = await auditLedger(db);
const clean =
  audit.unbalanced.length === 0 && audit.mismatched.length === 0 && audit.negative === 0;
say(
  `\nLedger audit: ${clean ? 'clean' : 'NOT CLEAN'} (unbalanced ${audit.unbalanced.length}, mismatched ${audit.mismatched.length}, negative ${audit.negative})`,
);
await db.$disconnect();
process.exit(clean ? 0 : 1);
