import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField, TextField } from '../../../components/form';
import { Modal } from '../../../components/modal';
import { errorText } from '../../../lib/error-text';
import { beginSessionEnd } from '../../../lib/session';
import { useChangeEmail, useChangePassword, useUnlinkAuthenticator } from '../api/security';
import {
  anyError,
  confirmError,
  emailCodeError,
  googleCodeError,
  mailboxError,
  passwordFormatError,
  required,
} from '../../../lib/validation';
import { GoogleCodeField } from '../../../components/step-up/google-code-field';
import { SecurityCodeField } from '../../../components/step-up/security-code-field';
import { useRelogin } from './use-relogin';

type Errors = Record<string, string | null>;

function Failure({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p className="notice notice--error" role="alert" data-testid="security-error">
      {errorText(error, t)}
    </p>
  );
}

function LockWarning({ text }: { text: string }) {
  return <p className="notice">{text}</p>;
}

/** Unlink: a Google code and an e-mailed code; withdrawals pause for 24 hours. */
export function UnlinkAuthenticatorModal({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const unlink = useUnlinkAuthenticator();
  const [googleCode, setGoogleCode] = useState('');
  const [emailCode, setEmailCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next = {
      googleCode: googleCodeError(googleCode, t),
      emailCode: emailCodeError(emailCode, t),
    };
    setErrors(next);
    if (anyError(next)) return;
    unlink.mutate(
      { googleCode: googleCode.trim(), emailCode: emailCode.trim() },
      { onSuccess: onClose },
    );
  };

  return (
    <Modal open={open} onClose={onClose} title={t('security.unlink.title')}>
      <form className="form" onSubmit={onSubmit} noValidate data-testid="unlink-authenticator">
        <LockWarning text={t('security.unlink.warning')} />
        <GoogleCodeField
          value={googleCode}
          onChange={setGoogleCode}
          error={errors.googleCode ?? null}
        />
        <SecurityCodeField
          purpose="UNLINK_AUTHENTICATOR"
          label={t('security.emailCode')}
          value={emailCode}
          onChange={setEmailCode}
          error={errors.emailCode ?? null}
        />
        <Failure error={unlink.error} />
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={unlink.isPending}
        >
          {t('security.unlink.action')}
        </button>
      </form>
    </Modal>
  );
}

/** Change password: the current one, the new one twice, an e-mailed code (and a Google code). */
export function ChangePasswordModal({
  open,
  onClose,
  withGoogle,
}: {
  open: boolean;
  onClose: () => void;
  withGoogle: boolean;
}) {
  const { t } = useTranslation();
  const change = useChangePassword();
  const relogin = useRelogin();
  const [f, setF] = useState({ old: '', password: '', confirm: '', emailCode: '', googleCode: '' });
  const [errors, setErrors] = useState<Errors>({});
  const set = (key: keyof typeof f) => (value: string) =>
    setF((prev) => ({ ...prev, [key]: value }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {
      old: required(f.old, t),
      password: passwordFormatError(f.password, t),
      confirm: confirmError(f.password, f.confirm, t),
      emailCode: emailCodeError(f.emailCode, t),
      googleCode: withGoogle ? googleCodeError(f.googleCode, t) : null,
    };
    setErrors(next);
    if (anyError(next)) return;
    // The change ends every session: the 401s of requests in flight are not a forced end.
    beginSessionEnd();
    change.mutate(
      {
        oldPassword: f.old,
        password: f.password,
        confirmPassword: f.confirm,
        emailCode: f.emailCode.trim(),
        ...(withGoogle ? { googleCode: f.googleCode.trim() } : {}),
      },
      { onSuccess: () => void relogin(), onError: () => beginSessionEnd(false) },
    );
  };

  return (
    <Modal open={open} onClose={onClose} title={t('security.password.changeTitle')}>
      <form className="form" onSubmit={onSubmit} noValidate data-testid="change-password">
        <LockWarning text={t('security.changeWarning')} />
        <PasswordField
          label={t('security.password.old')}
          name="oldPassword"
          autoComplete="current-password"
          value={f.old}
          onChange={(e) => set('old')(e.target.value)}
          error={errors.old}
        />
        <PasswordField
          label={t('auth.newPassword')}
          name="password"
          autoComplete="new-password"
          value={f.password}
          onChange={(e) => set('password')(e.target.value)}
          error={errors.password}
          hint={t('security.password.rules')}
        />
        <PasswordField
          label={t('auth.confirmPassword')}
          name="confirmPassword"
          autoComplete="new-password"
          value={f.confirm}
          onChange={(e) => set('confirm')(e.target.value)}
          error={errors.confirm}
        />
        <SecurityCodeField
          purpose="CHANGE_PASSWORD"
          label={t('security.emailCode')}
          value={f.emailCode}
          onChange={set('emailCode')}
          error={errors.emailCode ?? null}
        />
        {withGoogle && (
          <GoogleCodeField
            value={f.googleCode}
            onChange={set('googleCode')}
            error={errors.googleCode ?? null}
          />
        )}
        <Failure error={change.error} />
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={change.isPending}
        >
          {t('common.confirm')}
        </button>
      </form>
    </Modal>
  );
}

/** Change e-mail: a code to the current address, the new address and a code sent to it. */
export function ChangeEmailModal({
  open,
  onClose,
  withGoogle,
}: {
  open: boolean;
  onClose: () => void;
  withGoogle: boolean;
}) {
  const { t } = useTranslation();
  const change = useChangeEmail();
  const relogin = useRelogin();
  const [f, setF] = useState({ newEmail: '', oldCode: '', newCode: '', googleCode: '' });
  const [errors, setErrors] = useState<Errors>({});
  const set = (key: keyof typeof f) => (value: string) =>
    setF((prev) => ({ ...prev, [key]: value }));
  const checkNewEmail = () => {
    const error = mailboxError(f.newEmail, t);
    setErrors((prev) => ({ ...prev, newEmail: error }));
    return !error;
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {
      oldCode: emailCodeError(f.oldCode, t),
      newEmail: mailboxError(f.newEmail, t),
      newCode: emailCodeError(f.newCode, t),
      googleCode: withGoogle ? googleCodeError(f.googleCode, t) : null,
    };
    setErrors(next);
    if (anyError(next)) return;
    // The change ends every session: the 401s of requests in flight are not a forced end.
    beginSessionEnd();
    change.mutate(
      {
        newEmail: f.newEmail.trim().toLowerCase(),
        oldEmailCode: f.oldCode.trim(),
        newEmailCode: f.newCode.trim(),
        ...(withGoogle ? { googleCode: f.googleCode.trim() } : {}),
      },
      { onSuccess: () => void relogin(), onError: () => beginSessionEnd(false) },
    );
  };

  return (
    <Modal open={open} onClose={onClose} title={t('security.email.changeTitle')}>
      <form className="form" onSubmit={onSubmit} noValidate data-testid="change-email">
        <LockWarning text={t('security.changeWarning')} />
        <SecurityCodeField
          purpose="CHANGE_EMAIL_OLD"
          name="oldEmailCode"
          label={t('security.email.oldCode')}
          value={f.oldCode}
          onChange={set('oldCode')}
          error={errors.oldCode ?? null}
        />
        <TextField
          label={t('security.email.new')}
          name="newEmail"
          type="email"
          autoComplete="email"
          value={f.newEmail}
          onChange={(e) => set('newEmail')(e.target.value)}
          error={errors.newEmail}
        />
        <SecurityCodeField
          purpose="CHANGE_EMAIL_NEW"
          name="newEmailCode"
          label={t('security.email.newCode')}
          value={f.newCode}
          onChange={set('newCode')}
          error={errors.newCode ?? null}
          newEmail={f.newEmail}
          canSend={checkNewEmail}
        />
        {withGoogle && (
          <GoogleCodeField
            value={f.googleCode}
            onChange={set('googleCode')}
            error={errors.googleCode ?? null}
          />
        )}
        <Failure error={change.error} />
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={change.isPending}
        >
          {t('common.confirm')}
        </button>
      </form>
    </Modal>
  );
}
