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
import type { Db } from '../../../db/client.js';
import type { Jobs } from '../../../jobs/jobs.js';
import type { Clock } from '../../../lib/clock.js';
import type { sendMailJob } from '../mail/send-mail-job.js';
import { privateTopic, type Fanout, type FanoutMessage } from '../socket/fanout.js';
import { renderNotificationMail } from './notification-mail.js';

export interface NotifyDeps {
  db: Db;
  clock: Clock;
  fanout: Fanout;
  jobs: Jobs;
  mailJob: ReturnType<typeof sendMailJob>;
  log?: FastifyBaseLogger;
  /** The address users reach the exchange at (PUBLIC_BASE_URL): mails link to its pages. */
  publicBaseUrl?: string;
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
  return (await notifyMany(deps, [input]))[0] ?? null;
}

/**
 * `notify` for several notifications at once (settlement's order notices, one call per batch),
 * with the same outcome as calling it for each in turn, at a fixed number of statements
 * whatever their count: one statement inserts them all (the house's accounts and keys already
 * stored are left out by it) and reads each user's unread count and e-mail choice, one pipeline
 * pushes them (in the inputs' order, each with the user's unread count as it was right after
 * its own insert), and only when some are mailed, one read of the addresses and languages.
 * Answers, per input, the stored notification or null.
 */
export async function notifyMany(
  deps: NotifyDeps,
  inputs: readonly NotifyInput[],
): Promise<(Notification | null)[]> {
  if (inputs.length === 0) return [];
  const now = deps.clock.date();
  const rows = inputs.map((input) => ({
    id: randomUUID(),
    userId: input.userId,
    type: input.type,
    params: notificationParams[input.type].parse(input.params),
    dedupeKey: input.dedupeKey ?? null,
  }));
  // One statement: the inserts (the house accounts, the market makers, are told nothing: no
  // row, no push, no mail), with each stored row's user's unread count before them and the
  // user's e-mail choice for the type. The count reads the statement's snapshot, so it does not
  // include this statement's rows: they are added below, each push counting its own.
  const inserted = await deps.db.$queryRaw<
    { id: string; unreadBefore: number; prefEmail: boolean | null }[]
  >`
    WITH t AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS t(id uuid, "userId" uuid, type text, params jsonb, "dedupeKey" text)
    ), ins AS (
      INSERT INTO notification (id, "userId", type, params, "dedupeKey", "createdAt")
      SELECT t.id, t."userId", t.type, t.params, t."dedupeKey", ${now.toISOString()}::timestamp
      FROM t
      WHERE NOT EXISTS (SELECT 1 FROM app_user u WHERE u.id = t."userId" AND u."isHouse")
      ON CONFLICT ("userId", "dedupeKey") DO NOTHING
      RETURNING id, "userId", type
    )
    SELECT ins.id::text AS id,
      (SELECT count(*)::int FROM notification n
        WHERE n."userId" = ins."userId" AND n."readAt" IS NULL) AS "unreadBefore",
      p.email AS "prefEmail"
    FROM ins
    LEFT JOIN notification_preference p ON p."userId" = ins."userId" AND p.type = ins.type`;
  const byId = new Map(inserted.map((r) => [r.id, r]));
  const stored = rows.map((r) =>
    byId.has(r.id) ? toNotification({ ...r, readAt: null, createdAt: now }) : null,
  );
  const kept = rows.flatMap((r, i) => {
    const n = stored[i];
    const row = byId.get(r.id);
    return n && row ? [{ ...r, n, unreadBefore: row.unreadBefore, prefEmail: row.prefEmail }] : [];
  });
  if (kept.length === 0) return stored;
  try {
    // Each push counts what was unread right after its own insert.
    const seen = new Map<string, number>();
    const messages: FanoutMessage[] = kept.map(({ userId, n, unreadBefore }) => {
      const nth = (seen.get(userId) ?? 0) + 1;
      seen.set(userId, nth);
      return {
        topic: notificationTopic(userId),
        data: { unreadCount: unreadBefore + nth, notification: n },
      };
    });
    await deps.fanout.publishMany(messages);
  } catch (err) {
    deps.log?.warn(
      { err, types: [...new Set(kept.map((r) => r.type))] },
      'notification stored but not pushed',
    );
  }
  try {
    await queueMails(deps, kept);
  } catch (err) {
    deps.log?.warn(
      { err, types: [...new Set(kept.map((r) => r.type))] },
      'notification stored but its e-mail was not queued',
    );
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

/**
 * The e-mails of stored notifications, in order: each one's type rule, then its user's choice
 * (read with the insert), then the addresses and languages of those mailed (one read).
 */
async function queueMails(
  deps: NotifyDeps,
  rows: {
    id: string;
    userId: string;
    type: NotificationType;
    n: Notification;
    prefEmail: boolean | null;
  }[],
): Promise<void> {
  const mailed = rows.filter((r) => {
    const rule = NOTIFICATION_EMAIL[r.type];
    if (rule === 'ALWAYS') return true;
    if (rule === 'NEVER') return false;
    return r.prefEmail ?? rule === 'ON';
  });
  if (mailed.length === 0) return;
  const users = new Map(
    (
      await deps.db.user.findMany({
        where: { id: { in: [...new Set(mailed.map((r) => r.userId))] } },
        select: { id: true, email: true, language: true },
      })
    ).map((u) => [u.id, u]),
  );
  for (const r of mailed) {
    const user = users.get(r.userId);
    if (!user) continue;
    const mail = renderNotificationMail(r.n, resolveLanguage(user.language), deps.publicBaseUrl);
    if (!mail) continue;
    // The job id is the notification's: a retried enqueue is one mail.
    await deps.jobs.enqueue(deps.mailJob, { to: user.email, ...mail }, { jobId: `notify-${r.id}` });
  }
}
