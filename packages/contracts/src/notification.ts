import { z } from 'zod';
import { orderSide } from './order.js';
import { pageQuery } from './paging.js';
import { runtimeMode } from './runtime-mode.js';
import { newsItem } from './news.js';
import { get, post, put } from './endpoint.js';

/**
 * Notifications (spec platform-shell section 1; `/v1/notification`). A notification is stored as
 * its type and the type's params, never as text: the client renders the title and body from its
 * own locales (`notifications.types.<TYPE>.*`), and the e-mail is rendered by the gateway in the
 * user's language. Announcements are the news items of category ANNOUNCEMENT (visible to
 * visitors); personal notifications belong to one user.
 */

const decimalText = z.string().regex(/^-?\d+(\.\d+)?$/);
const isoTime = z.string().datetime({ offset: true });

/** Each type with the params its texts use. */
export const notificationParams = {
  /**
   * One notice per order, not per fill: sent when the order ends with something filled
   * (FILLED, or PARTIALLY_CANCELED: cancelled or expired after a partial fill).
   */
  ORDER_FILLED: z.object({
    orderId: z.string(),
    symbol: z.string(),
    side: orderSide,
    mode: runtimeMode,
    status: z.enum(['FILLED', 'PARTIALLY_CANCELED']),
    quantity: decimalText,
    filledQuantity: decimalText,
    /** Average fill price in the counter asset; null for a market order by amount with no fill. */
    averagePrice: decimalText.nullable(),
  }),
  DEPOSIT_CREDITED: z.object({
    mode: runtimeMode,
    asset: z.string(),
    amount: decimalText,
    /** CRYPTO (on-chain), FIAT (bank), CARD, or INTERNAL. */
    channel: z.enum(['CRYPTO', 'FIAT', 'CARD', 'INTERNAL']),
    reference: z.string().optional(),
  }),
  WITHDRAWAL_SENT: z.object({
    mode: runtimeMode,
    asset: z.string(),
    amount: decimalText,
    channel: z.enum(['CRYPTO', 'FIAT']),
    /** The address or masked bank account it went to. */
    destination: z.string(),
    reference: z.string().optional(),
  }),
  TRANSFER_RECEIVED: z.object({
    mode: runtimeMode,
    asset: z.string(),
    amount: decimalText,
    /** The sender's public UID. */
    fromUid: z.string(),
  }),
  FLASH_REMITTANCE_REQUEST: z.object({
    requestId: z.string(),
    asset: z.string(),
    amount: decimalText,
    fromUid: z.string(),
    expiresAt: isoTime,
  }),
  KYC_RESULT: z.object({
    status: z.enum(['PASS', 'REJECT', 'FAILED']),
    kycLevel: z.number().int().nullable(),
    reason: z.string().nullable(),
  }),
  SECURITY_CHANGE: z.object({
    change: z.enum([
      'PASSWORD_CHANGED',
      'EMAIL_CHANGED',
      'AUTHENTICATOR_LINKED',
      'AUTHENTICATOR_UNLINKED',
    ]),
    /** Withdrawals, transfers and flash remittance are locked until then (if they are). */
    lockedUntil: isoTime.nullable(),
  }),
  /**
   * A login from a device the account has not signed in from before: a device is the browser
   * (user agent, reduced to browser and system) together with the network (/24 of IPv4, /48 of
   * IPv6). The first login of an account is not "new".
   */
  NEW_DEVICE_LOGIN: z.object({
    device: z.string(),
    ip: z.string(),
    at: isoTime,
  }),
  /** An announcement delivered personally (also listed to everyone under announcements). */
  ANNOUNCEMENT: z.object({ newsId: z.number().int(), title: z.string() }),
  /** Account cancellation: each change of its review (issue 21, cancellation). */
  ACCOUNT_CANCELLATION: z.object({
    status: z.enum(['UNDER_REVIEW', 'WITHDRAWN', 'FAILED', 'SUCCEEDED']),
    reason: z.string().nullable(),
  }),
  /** A monthly statement is ready to download (issue 21, reports). */
  STATEMENT_READY: z.object({ month: z.string().regex(/^\d{4}-\d{2}$/) }),
  /** The partner-bank account: opened or refused by the bank, e-KYC passed or failed (issue 19). */
  BANK_ACCOUNT: z.object({
    event: z.enum(['OPENED', 'OPEN_FAILED', 'EKYC_PASSED', 'EKYC_FAILED']),
    accountNumber: z.string().nullable(),
    reason: z.string().nullable(),
  }),
  /** A fiat withdrawal was refused by the review or failed at the bank: the funds are back. */
  FIAT_WITHDRAWAL_RETURNED: z.object({
    asset: z.string(),
    amount: decimalText,
    status: z.enum(['REFUSED', 'FAILED']),
    reason: z.string().nullable(),
  }),
  /** A foreign exchange settled at its quoted rate (COMPLETED) or could not (REFUNDED). */
  FOREIGN_EXCHANGE_SETTLED: z.object({
    exchangeId: z.string(),
    status: z.enum(['COMPLETED', 'REFUNDED']),
    from: z.string(),
    to: z.string(),
    sellAmount: decimalText,
    receiveAmount: decimalText,
  }),
  /**
   * A Trade for Reward period ended: the entry's final rank and return, and its reward (paid
   * into the Real balance, or waiting for the house account to be funded), if the rank earned one.
   */
  COMPETITION_RESULT: z.object({
    periodId: z.number().int(),
    name: z.string(),
    rank: z.number().int(),
    returnPct: z.string().regex(/^-?\d+(\.\d+)?$/),
    reward: z.object({ asset: z.string(), amount: decimalText, paid: z.boolean() }).nullable(),
  }),
} as const;

export type NotificationType = keyof typeof notificationParams;
export const NOTIFICATION_TYPES = Object.keys(notificationParams) as [
  NotificationType,
  ...NotificationType[],
];
export const notificationType = z.enum(NOTIFICATION_TYPES);
export type NotificationParams<T extends NotificationType> = z.infer<
  (typeof notificationParams)[T]
>;

/**
 * Whether a type is also e-mailed: ON (by default, the user may opt out), OFF (only if the user
 * opts in), ALWAYS (security: cannot be turned off), NEVER (in-app only; SECURITY_CHANGE mails
 * are sent by the security feature itself, to the old address on an e-mail change).
 */
export const NOTIFICATION_EMAIL = {
  ORDER_FILLED: 'OFF',
  DEPOSIT_CREDITED: 'ON',
  WITHDRAWAL_SENT: 'ON',
  TRANSFER_RECEIVED: 'ON',
  FLASH_REMITTANCE_REQUEST: 'ON',
  KYC_RESULT: 'ON',
  SECURITY_CHANGE: 'NEVER',
  NEW_DEVICE_LOGIN: 'ALWAYS',
  ANNOUNCEMENT: 'NEVER',
  ACCOUNT_CANCELLATION: 'ALWAYS',
  STATEMENT_READY: 'ON',
  BANK_ACCOUNT: 'ON',
  FIAT_WITHDRAWAL_RETURNED: 'ON',
  FOREIGN_EXCHANGE_SETTLED: 'ON',
  COMPETITION_RESULT: 'ON',
} as const satisfies Record<NotificationType, 'ON' | 'OFF' | 'ALWAYS' | 'NEVER'>;

/** The types whose e-mail the user may switch (on or off). */
export const EMAIL_CHOICE_TYPES = NOTIFICATION_TYPES.filter(
  (t) => NOTIFICATION_EMAIL[t] === 'ON' || NOTIFICATION_EMAIL[t] === 'OFF',
);

/** What `notify` takes: a type with its params (checked against the type's schema). */
export type NotifyInput = {
  [T in NotificationType]: {
    userId: string;
    type: T;
    params: NotificationParams<T>;
    /** Same key for the same user: stored once, pushed and mailed once. */
    dedupeKey?: string;
  };
}[NotificationType];

const base = z.object({
  id: z.string(),
  read: z.boolean(),
  createdAt: isoTime,
});

const item = <T extends NotificationType>(type: T) =>
  base.extend({ type: z.literal(type), params: notificationParams[type] });

/** A stored personal notification, as the API answers and the socket pushes it. */
export const notification = z.discriminatedUnion('type', [
  item('ORDER_FILLED'),
  item('DEPOSIT_CREDITED'),
  item('WITHDRAWAL_SENT'),
  item('TRANSFER_RECEIVED'),
  item('FLASH_REMITTANCE_REQUEST'),
  item('KYC_RESULT'),
  item('SECURITY_CHANGE'),
  item('NEW_DEVICE_LOGIN'),
  item('ANNOUNCEMENT'),
  item('ACCOUNT_CANCELLATION'),
  item('STATEMENT_READY'),
  item('BANK_ACCOUNT'),
  item('FIAT_WITHDRAWAL_RETURNED'),
  item('FOREIGN_EXCHANGE_SETTLED'),
  item('COMPETITION_RESULT'),
]);
export type Notification = z.infer<typeof notification>;

/** GET /v1/notification/list */
export const notificationListQuery = pageQuery.extend({
  /** true: only the unread ones. */
  unread: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  type: notificationType.optional(),
});
export type NotificationListQuery = z.input<typeof notificationListQuery>;

/** GET /v1/notification/unread-count */
export const unreadCount = z.object({ unreadCount: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof unreadCount>;

/** POST /v1/notification/read: the ids (at most 100) become read; ids of others are ignored. */
export const markReadBody = z.object({ ids: z.array(z.string().uuid()).min(1).max(100) });
export type MarkReadBody = z.infer<typeof markReadBody>;

/** GET/PUT /v1/notification/preferences: e-mail per type (only EMAIL_CHOICE_TYPES may change). */
export const emailPreference = z.object({
  type: notificationType,
  email: z.boolean(),
  /** false: the type's e-mail is fixed (ALWAYS or NEVER). */
  changeable: z.boolean(),
});
export type EmailPreference = z.infer<typeof emailPreference>;
export const emailPreferences = z.object({ preferences: z.array(emailPreference) });
export const updateEmailPreferencesBody = z.object({
  preferences: z
    .array(z.object({ type: notificationType, email: z.boolean() }))
    .min(1)
    .max(20),
});
export type UpdateEmailPreferencesBody = z.infer<typeof updateEmailPreferencesBody>;

/** GET /v1/notification/public/announcements: public, in the reader's language. */
export const announcementQuery = pageQuery;
export const announcement = newsItem;

/**
 * The socket's `notification` channel (private, not per runtime mode): a new notification with
 * the new unread count, or (notification null) a count changed by marking read in another tab.
 */
export const notificationPush = z.object({
  unreadCount: z.number().int().min(0),
  notification: notification.nullable(),
});
export type NotificationPush = z.infer<typeof notificationPush>;

/** Notifications and the message centre (under /v1/notification). */
export const NOTIFICATION_ENDPOINTS = {
  announcements: get('/v1/notification/public/announcements'),
  list: get('/v1/notification/list'),
  detail: get('/v1/notification/detail/:id'),
  unreadCount: get('/v1/notification/unread-count'),
  read: post('/v1/notification/read'),
  readAll: post('/v1/notification/read-all'),
  preferences: get('/v1/notification/preferences'),
  updatePreferences: put('/v1/notification/preferences'),
} as const;
