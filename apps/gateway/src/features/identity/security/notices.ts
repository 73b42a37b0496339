import { securityNoticeMail, type SecurityNoticeKind } from '../../platform/mail/account-mails.js';
import type { SecurityDeps } from './security-deps.js';

export type NoticeKind = SecurityNoticeKind;

/**
 * Tells an address about a security change (the old address, for an e-mail change: `newEmail`),
 * in the account's language.
 */
export async function sendNotice(
  deps: Pick<SecurityDeps, 'jobs' | 'mailJob'>,
  to: string,
  kind: NoticeKind,
  language: string,
  newEmail?: string,
): Promise<void> {
  await deps.jobs.enqueue(deps.mailJob, { to, ...securityNoticeMail(language, kind, newEmail) });
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
