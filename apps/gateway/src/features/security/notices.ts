import type { SecurityDeps } from './deps.js';

export type NoticeKind = 'PASSWORD_CHANGED' | 'EMAIL_CHANGED' | 'AUTHENTICATOR_UNLINKED';

const LOCK_LINE =
  'For your safety, withdrawals, internal transfers and flash remittance are disabled for 24 hours.';
const NOT_YOU =
  'If this was not you, reset your password at once and contact support: someone may have access to your account.';

const NOTICES: Record<NoticeKind, { subject: string; text: (detail?: string) => string }> = {
  PASSWORD_CHANGED: {
    subject: 'Your password was changed',
    text: () => `The password of your account was changed and every session was signed out.`,
  },
  EMAIL_CHANGED: {
    subject: 'Your e-mail address was changed',
    text: (detail) =>
      `The e-mail address of your account was changed to ${detail ?? 'a new address'} and every session was signed out. This address no longer signs in.`,
  },
  AUTHENTICATOR_UNLINKED: {
    subject: 'Google Authenticator was unlinked',
    text: () => `Google Authenticator was unlinked from your account.`,
  },
};

/** Tells an address about a security change (the old address, for an e-mail change). */
export async function sendNotice(
  deps: Pick<SecurityDeps, 'jobs' | 'mailJob'>,
  to: string,
  kind: NoticeKind,
  detail?: string,
): Promise<void> {
  const notice = NOTICES[kind];
  await deps.jobs.enqueue(deps.mailJob, {
    to,
    subject: notice.subject,
    text: `${notice.text(detail)}\n\n${LOCK_LINE}\n\n${NOT_YOU}`,
  });
}

/**
 * The change as a SECURITY_CHANGE notification of the account (its mail is `sendNotice`'s, to
 * the address that must hear of it). A failure here never undoes the change: it is logged.
 */
export async function noticeSecurityChange(
  deps: Pick<SecurityDeps, 'notify'>,
  userId: string,
  change: 'PASSWORD_CHANGED' | 'EMAIL_CHANGED' | 'AUTHENTICATOR_LINKED' | 'AUTHENTICATOR_UNLINKED',
  lockedUntil: Date | null,
): Promise<void> {
  await deps
    .notify?.({
      userId,
      type: 'SECURITY_CHANGE',
      params: { change, lockedUntil: lockedUntil ? lockedUntil.toISOString() : null },
    })
    .catch(() => undefined);
}
