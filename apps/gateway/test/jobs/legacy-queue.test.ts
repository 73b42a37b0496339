import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { afterAll, describe, expect, it } from 'vitest';
import { jobsPrefix, renameLegacyQueueKeys } from '../../src/jobs/jobs.js';
import { createRedis } from '../../src/lib/redis.js';
import { REDIS_URL } from '../helpers/urls.js';

const prefix = `test:${randomBytes(6).toString('hex')}:`;
const redis = createRedis(REDIS_URL, prefix);
afterAll(async () => {
  const keys = await redis.commands.keys(`${prefix}*`);
  if (keys.length) await redis.commands.del(...keys.map((k) => k.slice(prefix.length)));
  await redis.close();
});

describe('the job queue of a release before the hash tag', () => {
  it('moves to its hash-tagged name with its delayed jobs', async () => {
    const old = new Queue('exchange', { connection: redis.forBullMq(), prefix: `${prefix}bull` });
    await old.add('send-mail', { to: 'a@example.test' }, { delay: 86_400_000, jobId: 'freeze-1' });
    await old.add('send-mail', { to: 'b@example.test' });
    await old.close();

    expect(await renameLegacyQueueKeys(redis)).toBeGreaterThan(0);
    expect(await redis.commands.keys(`${prefix}bull:*`)).toEqual([]);
    const now = new Queue('exchange', {
      connection: redis.forBullMq(),
      prefix: jobsPrefix(prefix),
    });
    const delayed = await now.getJobs(['delayed']);
    expect(delayed.map((j) => [j.id, j.data as unknown])).toEqual([
      ['freeze-1', { to: 'a@example.test' }],
    ]);
    expect((await now.getJobs(['waiting'])).map((j) => j.data as unknown)).toEqual([
      { to: 'b@example.test' },
    ]);
    await now.close();
    // Nothing left to move: a second start changes nothing.
    expect(await renameLegacyQueueKeys(redis)).toBe(0);
  });
});
