import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../config/env.js';
import { createDb, type Db } from '../db/client.js';
import { createSql, type Sql } from '../db/sql.js';
import type { PoolErrorHandler } from '../db/pool-errors.js';
import type { Clock } from '../lib/clock.js';
import { createRedis, type RedisConnections } from '../lib/redis.js';
import { createJobs, renameLegacyQueueKeys, type Jobs } from '../jobs/jobs.js';
import { createMailer } from '../features/platform/mail/mailer.js';
import { sendMailJob } from '../features/platform/mail/send-mail-job.js';

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    clock: Clock;
    db: Db;
    /** node-postgres for the order path's hot statements (see db/sql.ts). */
    sql: Sql;
    redis: RedisConnections;
    jobs: Jobs;
    mailJob: ReturnType<typeof sendMailJob>;
  }
}

/** The app's shared resources: configuration, clock, Postgres (Prisma and a plain pool), Redis and the job queues. */
async function infrastructure(app: FastifyInstance, opts: { env: Env; clock: Clock }) {
  // Postgres or Redis dropping a connection (a restart, a failover, pg_terminate_backend) is
  // logged, and the connection is made again; it never ends the process.
  const onPoolError: PoolErrorHandler = (err, pool, source) =>
    app.log.warn({ err, pool, source }, 'postgres connection lost; the pool connects again');
  const db = createDb(opts.env.DATABASE_URL, opts.env.DB_POOL_SIZE, onPoolError);
  const sql = createSql(opts.env.DATABASE_URL, opts.env.DB_POOL_SIZE, onPoolError);
  const redis = createRedis(opts.env, opts.env.REDIS_PREFIX, (err, connection) =>
    app.log.warn({ err, connection }, 'redis connection error; reconnecting'),
  );
  const jobs = createJobs({ redis, clock: opts.clock, log: app.log });
  const movedJobKeys = await renameLegacyQueueKeys(redis);
  if (movedJobKeys > 0)
    app.log.warn(
      { keys: movedJobKeys },
      'job queue moved to its hash-tagged name (<prefix>{bull})',
    );
  app.decorate('env', opts.env);
  app.decorate('clock', opts.clock);
  app.decorate('db', db);
  app.decorate('sql', sql);
  app.decorate('redis', redis);
  app.decorate('jobs', jobs);
  const mailer = createMailer(opts.env);
  const mailJob = sendMailJob(mailer);
  jobs.register(mailJob);
  app.decorate('mailJob', mailJob);
  if (!opts.env.SMTP_URL) app.log.warn('SMTP_URL is not set: no e-mail (codes, notices) is sent');
  if (opts.env.DEV_CREDIT)
    app.log.warn(
      'DEV_CREDIT is on: any signed-in user can credit simulated Demo and Trial funds (never Real) through POST /v1/wallet/dev/credit',
    );
  app.addHook('onClose', async () => {
    await jobs.close();
    mailer.close();
    await redis.close();
    await db.$disconnect();
    await sql.end();
  });
}

export default fp(infrastructure, { name: 'infrastructure' });
