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
 * A producer whose change is money should not call it after its commit but store the notice
 * inside its transaction (`stageNotices`) and deliver it after (`deliverNotices`): a process
 * that dies between the commit and `notify` would otherwise lose the notice. Either way a notice
 * stored but not delivered (a crash, a Redis outage) is delivered by the outbox sweep.
 */
export async function notify(deps: NotifyDeps, input: NotifyInput): Promise<Notification | null> {
  return (await notifyMany(deps, [input]))[0] ?? null;
}

/** What stores a notice: the client, or a producer's transaction (both run raw SQL). */
export type NoticeStore = Pick<Db, '$queryRaw' | '$executeRaw'>;

/** A stored notice not yet delivered, as the outbox keeps it. */
export interface StagedNotice {
  id: string;
  userId: string;
  type: NotificationType;
  params: unknown;
  createdAt: Date;
}

/**
 * Stores notices without delivering them: the outbox. A producer calls it inside the
 * transaction of its change, so the notice commits with the money or not at all, and calls
 * `deliverNotices` with the answer after the commit; a notice a crash left undelivered is
 * delivered by the sweep (`deliverOverdueNotices`). One statement for any number; the house's
 * accounts (the market makers) and a `dedupeKey` already stored are left out. Answers, per
 * input, the stored notice or null.
 */
export async function stageNotices(
  db: NoticeStore,
  clock: Clock,
  inputs: readonly NotifyInput[],
): Promise<(StagedNotice | null)[]> {
  if (inputs.length === 0) return [];
  const createdAt = clock.date();
  const rows = inputs.map((input) => ({
    id: randomUUID(),
    userId: input.userId,
    type: input.type,
    params: notificationParams[input.type].parse(input.params),
    dedupeKey: input.dedupeKey ?? null,
  }));
  const inserted = await db.$queryRaw<{ id: string }[]>`
    WITH t AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS t(id uuid, "userId" uuid, type text, params jsonb, "dedupeKey" text)
    )
    INSERT INTO notification (id, "userId", type, params, "dedupeKey", "createdAt")
    SELECT t.id, t."userId", t.type, t.params, t."dedupeKey", ${createdAt.toISOString()}::timestamp
    FROM t
    WHERE NOT EXISTS (SELECT 1 FROM app_user u WHERE u.id = t."userId" AND u."isHouse")
    ON CONFLICT ("userId", "dedupeKey") DO NOTHING
    RETURNING id::text AS id`;
  const stored = new Set(inserted.map((r) => r.id));
  return rows.map((r) =>
    stored.has(r.id)
      ? { id: r.id, userId: r.userId, type: r.type, params: r.params, createdAt }
      : null,
  );
}

/**
 * Delivers stored notices, in order: pushes each with the user's unread count as it was right
 * after its own insert (to every tab on every gateway, through the Redis fan-out), queues the
 * e-mails the type's rule and the user's choice ask for (the job id is the notice's: a second
 * delivery is one mail), then marks them delivered. A step that fails is logged and leaves the
 * notices undelivered, for the sweep to try again: a push may then arrive twice (the client
 * keeps one per id), a notice is never lost.
 */
export async function deliverNotices(
  deps: NotifyDeps,
  staged: readonly (StagedNotice | null)[],
): Promise<void> {
  const kept = staged.filter((n): n is StagedNotice => n !== null);
  if (kept.length === 0) return;
  const users = [...new Set(kept.map((n) => n.userId))];
  const types = [...new Set(kept.map((n) => n.type))];
  try {
    const [unread, prefs] = await Promise.all([
      deps.db.notification.groupBy({
        by: ['userId'],
        where: { userId: { in: users }, readAt: null },
        _count: { _all: true },
      }),
      deps.db.notificationPreference.findMany({
        where: { userId: { in: users }, type: { in: types } },
        select: { userId: true, type: true, email: true },
      }),
    ]);
    const unreadNow = new Map(unread.map((u) => [u.userId, u._count._all]));
    const prefOf = new Map(prefs.map((p) => [`${p.userId}|${p.type}`, p.email]));
    const inBatch = new Map<string, number>();
    for (const n of kept) inBatch.set(n.userId, (inBatch.get(n.userId) ?? 0) + 1);
    // Each push counts what was unread right after its own insert: the count now, less this
    // delivery's later notices of the same user.
    const seen = new Map<string, number>();
    const rows = kept.map((n) => {
      const nth = (seen.get(n.userId) ?? 0) + 1;
      seen.set(n.userId, nth);
      const unreadCount = Math.max(
        nth,
        (unreadNow.get(n.userId) ?? 0) - (inBatch.get(n.userId) ?? 0) + nth,
      );
      const notice = toNotification({ ...n, readAt: null });
      return {
        ...n,
        n: notice,
        unreadCount,
        prefEmail: prefOf.get(`${n.userId}|${n.type}`) ?? null,
      };
    });
    await deps.fanout.publishMany(
      rows.map(({ userId, n, unreadCount }) => ({
        topic: notificationTopic(userId),
        data: { unreadCount, notification: n },
      })) satisfies FanoutMessage[],
    );
    await queueMails(deps, rows);
    await deps.db.notification.updateMany({
      where: { id: { in: kept.map((n) => n.id) }, deliveredAt: null },
      data: { deliveredAt: deps.clock.date() },
    });
  } catch (err) {
    deps.log?.warn(
      { err, types, count: kept.length },
      'notification stored but not delivered yet: the outbox sweep will try again',
    );
  }
}

/**
 * `notify` for several notifications at once (settlement's order notices, one call per batch),
 * with the same outcome as calling it for each in turn: stored by one statement, then
 * delivered (`deliverNotices`). Answers, per input, the stored notification or null.
 */
export async function notifyMany(
  deps: NotifyDeps,
  inputs: readonly NotifyInput[],
): Promise<(Notification | null)[]> {
  const staged = await stageNotices(deps.db, deps.clock, inputs);
  await deliverNotices(deps, staged);
  return staged.map((n) => (n ? toNotification({ ...n, readAt: null }) : null));
}

/** How old an undelivered notice must be before the sweep takes it (its producer may be busy). */
export const OUTBOX_GRACE_MS = 30_000;

/**
 * The outbox sweep: delivers notices stored but not delivered for OUTBOX_GRACE_MS or more (a
 * process that died between its commit and the delivery, a Redis outage), oldest first, up to
 * `limit`. Answers how many it took.
 */
export async function deliverOverdueNotices(deps: NotifyDeps, limit = 500): Promise<number> {
  const rows = await deps.db.notification.findMany({
    where: { deliveredAt: null, createdAt: { lte: new Date(deps.clock.now() - OUTBOX_GRACE_MS) } },
    orderBy: { createdAt: 'asc' },
    take: limit,
    select: { id: true, userId: true, type: true, params: true, createdAt: true },
  });
  await deliverNotices(
    deps,
    rows.map((r) => ({ ...r, type: r.type as NotificationType })),
  );
  return rows.length;
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
