// `npm run wallet:review -- approve|refuse <withdrawal id> [reason]`: the operator's decision on a
// crypto withdrawal's risk review. refuse returns the funds at once (under review or waiting for
// the batch); approve ends the review now (a night request still waits for the 09:00 HKT batch).
// The running gateway's jobs then broadcast it. `npm run wallet:review -- list` shows the open ones.
import { createDb } from '../../../db/client.js';
import { createJobs } from '../../../jobs/jobs.js';
import { ScaledClock } from '../../../lib/clock.js';
import { createRedis } from '../../../lib/redis.js';
import { createMailer } from '../../platform/mail/mailer.js';
import { sendMailJob } from '../../platform/mail/send-mail-job.js';
import { totpSecretBox } from '../../identity/security/security-deps.js';
import { createFanout } from '../../platform/socket/fanout.js';
import { catalogueNetworks } from './networks.js';
import { Withdrawals } from './withdrawal-service.js';
import { localInstallationEnv } from '../../../config/local-env.js';

// The exchange `npm start` runs, unless the environment names another.
const env = localInstallationEnv();
const [command, id, ...reasonWords] = process.argv.slice(2).filter((a) => a !== '--');
const out = process.stdout;
const db = createDb(env.DATABASE_URL, 2);
const redis = createRedis(env, env.REDIS_PREFIX);
const clock = new ScaledClock(env.TIME_SCALE);
const log = { warn: () => {} } as unknown as Parameters<typeof createJobs>[0]['log'];
const jobs = createJobs({ redis, clock, log });
const fanout = createFanout(redis);
const withdrawals = new Withdrawals({
  db,
  clock,
  redis,
  env,
  box: totpSecretBox(env),
  jobs,
  mailJob: sendMailJob(createMailer(env)),
  fanout,
  networks: catalogueNetworks(db),
  chain: {
    broadcast: () => Promise.reject(new Error('the gateway broadcasts, not this command')),
  },
  config: {
    coolingHours: env.WHITELIST_COOLING_HOURS,
    feeRate: env.WITHDRAWAL_FEE_RATE,
    feeRateAfter: env.WITHDRAWAL_FEE_RATE_AFTER,
    feeRateEndsAt: null,
    reviewMinMs: 0,
    reviewMaxMs: 0,
    nightBatch: env.WITHDRAWAL_NIGHT_BATCH,
  },
  notify: async () => {},
  // A notice this command stores is delivered by the gateway's outbox sweep.
  deliverNotices: async () => {},
});
try {
  if (command === 'list') {
    const rows = await db.cryptoWithdrawal.findMany({
      where: { status: { in: ['REVIEW', 'WAITING_BATCH', 'BROADCASTING', 'BROADCAST'] } },
      orderBy: { createdAt: 'asc' },
    });
    if (rows.length === 0) out.write('No open withdrawal.\n');
    for (const r of rows)
      out.write(
        `${r.id}  ${r.status.padEnd(13)} ${r.amount.toFixed()} ${r.asset} on ${r.network} to ${r.address}  (${r.createdAt.toISOString()})\n`,
      );
  } else if ((command === 'approve' || command === 'refuse') && id) {
    const w = await withdrawals.decide(
      id,
      command === 'approve' ? 'APPROVE' : 'REFUSE',
      reasonWords.join(' ') || undefined,
    );
    out.write(`Withdrawal ${w.id}: ${w.status}${w.reason ? ` (${w.reason})` : ''}\n`);
  } else {
    process.stderr.write(
      'Usage: npm run wallet:review -- list | approve <id> | refuse <id> [reason]\n',
    );
    process.exitCode = 2;
  }
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
} finally {
  await jobs.close();
  await fanout.close();
  await redis.close();
  await db.$disconnect();
}
