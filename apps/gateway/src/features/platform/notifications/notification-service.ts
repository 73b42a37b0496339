import {
  EMAIL_CHOICE_TYPES,
  NOTIFICATION_EMAIL,
  NOTIFICATION_TYPES,
  type EmailPreference,
  type Notification,
  type NotificationType,
  type Page,
  type PageQuery,
  type UpdateEmailPreferencesBody,
} from '@exchange/contracts';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../lib/app-error.js';
import { paged } from '../../../lib/paging.js';
import type { Fanout } from '../socket/fanout.js';
import { notificationTopic, toNotification, unreadCountOf } from './notify.js';

export interface NotificationDeps {
  db: Db;
  fanout: Fanout;
}

/** The user's notifications, newest first; `unread` keeps only the unread ones. */
export async function listNotifications(
  deps: NotificationDeps,
  userId: string,
  query: PageQuery & { unread: boolean; type?: NotificationType | undefined },
): Promise<Page<Notification>> {
  return paged(query, async ({ skip, take }) => {
    const rows = await deps.db.notification.findMany({
      where: {
        userId,
        ...(query.unread ? { readAt: null } : {}),
        ...(query.type ? { type: query.type } : {}),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip,
      take,
    });
    return rows.map(toNotification);
  });
}

export async function getNotification(
  deps: NotificationDeps,
  userId: string,
  id: string,
): Promise<Notification> {
  const row = await deps.db.notification.findFirst({ where: { id, userId } });
  if (!row) throw new AppError('NOTIFICATION_NOT_FOUND');
  return toNotification(row);
}

/**
 * Marks the given notifications (of this user; others' ids are ignored) or all of them read, and
 * pushes the new count to the user's other tabs. Marking twice changes nothing.
 */
export async function markRead(
  deps: NotificationDeps & { now: Date },
  userId: string,
  ids: string[] | 'ALL',
): Promise<number> {
  const { count } = await deps.db.notification.updateMany({
    where: { userId, readAt: null, ...(ids === 'ALL' ? {} : { id: { in: ids } }) },
    data: { readAt: deps.now },
  });
  const unreadCount = await unreadCountOf(deps.db, userId);
  if (count > 0)
    await deps.fanout.publish(notificationTopic(userId), { unreadCount, notification: null });
  return unreadCount;
}

export async function emailPreferences(db: Db, userId: string): Promise<EmailPreference[]> {
  const rows = await db.notificationPreference.findMany({ where: { userId } });
  const chosen = new Map(rows.map((r) => [r.type, r.email]));
  return NOTIFICATION_TYPES.filter((t) => NOTIFICATION_EMAIL[t] !== 'NEVER').map((type) => {
    const rule = NOTIFICATION_EMAIL[type];
    const changeable = EMAIL_CHOICE_TYPES.includes(type);
    return {
      type,
      changeable,
      email: changeable ? (chosen.get(type) ?? rule === 'ON') : rule === 'ALWAYS',
    };
  });
}

/** Saves e-mail choices; a type whose mail is fixed is refused and nothing is saved. */
export async function updateEmailPreferences(
  db: Db,
  userId: string,
  body: UpdateEmailPreferencesBody,
): Promise<EmailPreference[]> {
  const fixed = body.preferences.find((p) => !EMAIL_CHOICE_TYPES.includes(p.type));
  if (fixed) throw new AppError('NOTIFICATION_EMAIL_FIXED', { type: fixed.type });
  await db.$transaction(
    body.preferences.map((p) =>
      db.notificationPreference.upsert({
        where: { userId_type: { userId, type: p.type } },
        create: { userId, type: p.type, email: p.email },
        update: { email: p.email },
      }),
    ),
  );
  return emailPreferences(db, userId);
}
