import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { newDeviceWatcher } from './new-device.js';
import type { NotifyDeps } from './notify.js';
import { outboxSweepJob, scheduleOutboxSweep } from './outbox-job.js';
import { notificationRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What `notify` needs (notify.ts): producers call it after their commit. */
    notifyDeps: NotifyDeps;
  }
}

/**
 * Personal notifications: what producers hand `notify` (`app.notifyDeps`), the new-device notice
 * on each login, and the message centre's routes.
 */
async function notifications(app: FastifyInstance): Promise<void> {
  const notifyDeps: NotifyDeps = {
    db: app.db,
    clock: app.clock,
    fanout: app.socket.fanout,
    jobs: app.jobs,
    mailJob: app.mailJob,
    log: app.log,
    publicBaseUrl: app.env.PUBLIC_BASE_URL,
  };
  app.decorate('notifyDeps', notifyDeps);
  app.sessions.started = newDeviceWatcher(notifyDeps);
  // The outbox: notices stored but not delivered (a crash after a commit) are delivered by a
  // sweep at start and every minute.
  const sweep = outboxSweepJob({ ...notifyDeps, jobs: app.jobs });
  app.jobs.register(sweep);
  app.addHook('onReady', async () => {
    await scheduleOutboxSweep({ clock: app.clock, jobs: app.jobs }, sweep, 0).catch(
      (err: unknown) => app.log.warn({ err }, 'notification outbox sweep not scheduled'),
    );
  });
  await app.register(notificationRoutes);
}

export default fp(notifications, {
  name: 'platform/notifications',
  dependencies: ['infrastructure', 'auth', 'platform/socket'],
});
