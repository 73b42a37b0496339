import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  NOTIFICATION_EMAIL,
  notificationParams,
  resolveLanguage,
  type Notification,
  type NotificationType,
  type NotifyInput,
} from '@exchange/contracts';
import type { Db } from '../../db/client.js';
import type { Jobs } from '../../jobs/jobs.js';
import type { Clock } from '../../lib/clock.js';
import type { sendMailJob } from '../mail/send-mail-job.js';
import { privateTopic, type Fanout } from '../socket/fanout.js';
import { renderNotificationMail } from './notification-mail.js';

export interface NotifyDeps {
  db: Db;
  clock: Clock;
  fanout: Fanout;
  jobs: Jobs;
  mailJob: ReturnType<typeof sendMailJob>;
  log?: FastifyBaseLogger;
}

interface NotificationRow {
  id: string;
  userId: string;
  type: string;
  params: unknown;
  readAt: Date | null;
  createdAt: Date;
}

/** A stored row as the API answers it. */
export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    params: row.params,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  } as Notification;
}

/** The account's notification topic (the same in every runtime mode). */
export const notificationTopic = (userId: string) => privateTopic('notification', userId, 0);

export async function unreadCountOf(db: Db, userId: string): Promise<number> {
  return db.notification.count({ where: { userId, readAt: null } });
}

/**
 * Tells a user something happened: stores the notification, pushes it with the new unread count
 * to every tab on every gateway (the `notification` channel through the Redis fan-out), and
 * queues its e-mail (in the user's language) when the type is mailed and the user has not opted
 * out.
 *
 * Call it AFTER the transaction that made the change has committed, never inside it: a
 * notification must not announce what a rollback undid, and the push and the mail cannot be
 * rolled back. Pass a `dedupeKey` (the order id, the deposit's reference, the KYC reference...):
 * a retry after a crash or a redelivered event stores, pushes and mails nothing a second time, so
 * a producer that re-runs its after-commit step (a job retry, a replayed event) stays exact.
 * Returns the stored notification, or null when the key was already stored or the account is
 * one of the house's (the market makers get no notices).
 *
 * The push and the mail are best effort after the row is stored: a Redis failure is logged, and
 * the notification is still listed and counted.
 */
export async function notify(deps: NotifyDeps, input: NotifyInput): Promise<Notification | null> {
  const type: NotificationType = input.type;
  const params: unknown = notificationParams[type].parse(input.params);
  const id = randomUUID();
  const now = deps.clock.date();
  // The house accounts (the market makers) are told nothing: no row, no push, no mail.
  const inserted = await deps.db.$executeRaw`
    INSERT INTO notification (id, "userId", type, params, "dedupeKey", "createdAt")
    SELECT ${id}::uuid, ${input.userId}::uuid, ${type}, ${JSON.stringify(params)}::jsonb,
           ${input.dedupeKey ?? null}, ${now}
    WHERE NOT EXISTS (SELECT 1 FROM app_user WHERE id = ${input.userId}::uuid AND "isHouse")
    ON CONFLICT ("userId", "dedupeKey") DO NOTHING`;
  if (inserted === 0) return null;
  const stored = toNotification({
    id,
    userId: input.userId,
    type,
    params,
    readAt: null,
    createdAt: now,
  });
  try {
    await deps.fanout.publish(notificationTopic(input.userId), {
      unreadCount: await unreadCountOf(deps.db, input.userId),
      notification: stored,
    });
  } catch (err) {
    deps.log?.warn({ err, type }, 'notification stored but not pushed');
  }
  try {
    await queueMail(deps, input.userId, stored, id);
  } catch (err) {
    deps.log?.warn({ err, type }, 'notification stored but its e-mail was not queued');
  }
  return stored;
}

/** Whether the user gets this type by e-mail: the type's rule, then the user's choice. */
export async function wantsEmail(db: Db, userId: string, type: NotificationType): Promise<boolean> {
  const rule = NOTIFICATION_EMAIL[type];
  if (rule === 'ALWAYS') return true;
  if (rule === 'NEVER') return false;
  const pref = await db.notificationPreference.findUnique({
    where: { userId_type: { userId, type } },
  });
  return pref ? pref.email : rule === 'ON';
}

async function queueMail(
  deps: NotifyDeps,
  userId: string,
  n: Notification,
  id: string,
): Promise<void> {
  if (!(await wantsEmail(deps.db, userId, n.type))) return;
  const user = await deps.db.user.findUnique({
    where: { id: userId },
    select: { email: true, language: true },
  });
  if (!user) return;
  const mail = renderNotificationMail(n, resolveLanguage(user.language));
  if (!mail) return;
  // The job id is the notification's: a retried enqueue is one mail.
  await deps.jobs.enqueue(deps.mailJob, { to: user.email, ...mail }, { jobId: `notify-${id}` });
}
