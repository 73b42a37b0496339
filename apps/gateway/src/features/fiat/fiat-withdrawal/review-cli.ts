// `npm run fiat:review -- approve|refuse <withdrawal id> [reason]`: the operator's decision on a
// fiat withdrawal's risk review. refuse returns the funds at once (under review or frozen) and
// tells the user; approve ends the review now (the 24-hour freeze and the banking day still
// apply). The running gateway's jobs then send it. `npm run fiat:review -- list` shows the open ones.
// `send-now <id> [--by <operator>]`: the operator's override of the banking-day wait for a
// SCHEDULED withdrawal (refused in any other state), audited in ops_audit (`npm run ops -- audit
// --entity fiat-withdrawal`); the running gateway then asks the bank, which still sends it on its
// own banking day.
import { userInfo } from 'node:os';
import { FIAT_WITHDRAWAL_FINAL } from '@exchange/contracts';
import { createDb } from '../../../db/client.js';
import { createJobs } from '../../../jobs/jobs.js';
import { ScaledClock } from '../../../lib/clock.js';
import { createRedis } from '../../../lib/redis.js';
import { createMailer } from '../../platform/mail/mailer.js';
import { sendMailJob } from '../../platform/mail/send-mail-job.js';
import { deliverNotices } from '../../platform/notifications/notify.js';
import { totpSecretBox } from '../../identity/security/security-deps.js';
import { createFanout } from '../../platform/socket/fanout.js';
import { FiatWithdrawals } from './withdrawal-service.js';
import { localInstallationEnv } from '../../../config/local-env.js';

// The exchange `npm start` runs, unless the environment names another.
const env = localInstallationEnv();
const argv = process.argv.slice(2).filter((a) => a !== '--');
const byAt = argv.indexOf('--by');
const actor =
  (byAt >= 0 ? argv.splice(byAt, 2)[1] : undefined) ??
  process.env.OPS_OPERATOR ??
  userInfo().username;
const [command, id, ...reasonWords] = argv;
const out = process.stdout;
const db = createDb(env.DATABASE_URL, 2);
const redis = createRedis(env, env.REDIS_PREFIX);
const clock = new ScaledClock(env.TIME_SCALE);
const log = { warn: () => {} } as unknown as Parameters<typeof createJobs>[0]['log'];
const jobs = createJobs({ redis, clock, log });
const fanout = createFanout(redis);
const mailJob = sendMailJob(createMailer(env));
const withdrawals = new FiatWithdrawals({
  db,
  clock,
  redis,
  env,
  box: totpSecretBox(env),
  jobs,
  fanout,
  bank: { sendTransfer: () => Promise.reject(new Error('the gateway sends, not this command')) },
  config: { reviewMinMs: 0, reviewMaxMs: 0, freezeMs: env.FIAT_WITHDRAWAL_FREEZE_SECONDS * 1000 },
  deliverNotices: (staged) => deliverNotices({ db, clock, fanout, jobs, mailJob }, staged),
});
try {
  if (command === 'list') {
    const rows = await db.fiatWithdrawal.findMany({
      where: { status: { notIn: [...FIAT_WITHDRAWAL_FINAL] } },
      orderBy: { createdAt: 'asc' },
    });
    if (rows.length === 0) out.write('No open fiat withdrawal.\n');
    for (const r of rows)
      out.write(
        `${r.id}  ${r.status.padEnd(9)} ${r.amount.toFixed()} ${r.currency} to ${r.accountName} (${r.swiftCode})  requested ${r.createdAt.toISOString()}${r.scheduledFor ? `, sends ${r.scheduledFor.toISOString()}` : ''}\n`,
      );
  } else if ((command === 'approve' || command === 'refuse') && id) {
    const w = await withdrawals.decide(
      id,
      command === 'approve' ? 'APPROVE' : 'REFUSE',
      reasonWords.join(' ') || undefined,
    );
    out.write(`Fiat withdrawal ${w.id}: ${w.status}${w.reason ? ` (${w.reason})` : ''}\n`);
  } else if (command === 'send-now' && id) {
    const w = await withdrawals.sendNow(id, actor);
    out.write(
      `Fiat withdrawal ${w.id}: ${w.status} (operator override by ${actor}: sent to the bank before its banking instant ${new Date(w.scheduledFor ?? 0).toISOString()}; audited)\n`,
    );
  } else {
    process.stderr.write(
      'Usage: npm run fiat:review -- list | approve <id> | refuse <id> [reason] | send-now <id> [--by <operator>]\n',
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
