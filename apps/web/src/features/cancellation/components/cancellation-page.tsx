import {
  CANCELLATION_REASONS,
  cancellationNoteOk,
  type CancellationCondition,
  type CancellationPreview,
  type CancellationReason,
  type CancellationView,
} from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../../components/states';
import { Modal } from '../../../components/modal';
import { PATHS } from '../../../config/paths';
import { errorText } from '../../../lib/error-text';
import { UploadField } from '../../../components/upload-field';
import type { UploadedFile } from '../../../lib/files';
import { GoogleCodeField } from '../../../components/step-up/google-code-field';
import { SecurityCodeField } from '../../../components/step-up/security-code-field';
import { anyError, emailCodeError, googleCodeError } from '../../../lib/validation';
import {
  useCancellationPreview,
  useRequestCancellation,
  useWithdrawCancellation,
} from '../api/cancellation';
import '../cancellation.css';

type Errors = Record<string, string | null>;

function useDate() {
  const { i18n } = useTranslation();
  return (iso: string, withTime = false) =>
    new Date(iso).toLocaleString(i18n.language, {
      dateStyle: 'long',
      ...(withTime ? { timeStyle: 'short' } : {}),
    });
}

/** Where each unmet condition is fixed. */
const FIX_LINKS: Record<CancellationCondition['key'], string> = {
  NO_OPEN_ORDERS: PATHS.orders,
  NO_PENDING_MONEY: `${PATHS.wallet}?type=wallet`,
  BALANCES_WITHDRAWN: `${PATHS.wallet}?type=wallet`,
  AUTHENTICATOR_LINKED: PATHS.security,
  NO_SECURITY_LOCK: PATHS.security,
};

function ConditionItem({ c }: { c: CancellationCondition }) {
  const { t } = useTranslation();
  const date = useDate();
  const key = `cancellation.conditions.${c.key}` as const;
  const list =
    c.key === 'NO_OPEN_ORDERS'
      ? (c.openOrders ?? [])
          .map((g) => `${g.count} (${t(`cancellation.modes.${String(g.mode) as '0'}`)})`)
          .join(', ')
      : c.key === 'NO_PENDING_MONEY'
        ? (c.pending ?? [])
            .map(
              (p) =>
                `${p.count} ${t(`cancellation.pending.${p.kind as 'FROZEN_BALANCE'}`, { defaultValue: p.kind })}`,
            )
            .join(', ')
        : (c.balances ?? []).map((b) => `${b.amount} ${b.asset} (${b.dust})`).join(', ');
  return (
    <li
      className={`cancel-condition ${c.met ? 'is-met' : 'is-unmet'}`}
      data-testid={`condition-${c.key}`}
      data-met={c.met}
    >
      <span className="cancel-condition__mark" aria-hidden="true">
        {c.met ? '✓' : '!'}
      </span>
      <div className="cancel-condition__text">
        <div className="cancel-condition__title">
          <strong>{t(`${key}.title`)}</strong>
          <span className={`badge ${c.met ? 'badge--linked' : 'badge--unlinked'}`}>
            {c.met ? t('cancellation.conditions.met') : t('cancellation.conditions.unmet')}
          </span>
        </div>
        <p className="muted">
          {c.met
            ? t(`${key}.ok`)
            : t(`${key}.fix`, {
                list,
                until: c.lockedUntil ? date(c.lockedUntil, true) : '',
              })}
        </p>
      </div>
      {!c.met && (
        <Link className="button button--small" to={FIX_LINKS[c.key]}>
          {t(`${key}.action`)}
        </Link>
      )}
    </li>
  );
}

function ReviewPanel({ view }: { view: CancellationView }) {
  const { t } = useTranslation();
  const date = useDate();
  const withdraw = useWithdrawCancellation();
  const [confirming, setConfirming] = useState(false);
  return (
    <section className="panel cancel-review" data-testid="cancellation-review">
      <div className="cancel-review__head">
        <span className="cancel-review__pulse" aria-hidden="true" />
        <h2>{t('cancellation.review.title')}</h2>
      </div>
      <p className="muted">{t('cancellation.review.body')}</p>
      <dl className="cancel-review__facts">
        <div>
          <dt>{t('cancellation.review.submitted')}</dt>
          <dd>{date(view.submittedAt, true)}</dd>
        </div>
        <div>
          <dt>{t('cancellation.review.expected')}</dt>
          <dd data-testid="cancellation-expected">{date(view.decideAt)}</dd>
        </div>
        <div>
          <dt>{t('cancellation.review.latest')}</dt>
          <dd>{date(view.latestAt)}</dd>
        </div>
        <div>
          <dt>{t('cancellation.review.reason')}</dt>
          <dd>
            {t(`cancellation.reasons.${view.reason}`)}
            {view.note ? ` — ${view.note}` : ''}
          </dd>
        </div>
      </dl>
      <p className="notice">{t('cancellation.what.during')}</p>
      <div>
        <button
          type="button"
          className="button"
          onClick={() => setConfirming(true)}
          data-testid="cancellation-withdraw"
        >
          {t('cancellation.review.withdraw')}
        </button>
      </div>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('cancellation.review.withdrawTitle')}
        size="small"
        footer={
          <>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => setConfirming(false)}
            >
              {t('cancellation.review.back')}
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={withdraw.isPending}
              data-testid="cancellation-withdraw-confirm"
              onClick={() => withdraw.mutate(undefined, { onSuccess: () => setConfirming(false) })}
            >
              {t('cancellation.review.withdrawConfirm')}
            </button>
          </>
        }
      >
        <p>{t('cancellation.review.withdrawBody')}</p>
        {withdraw.error ? (
          <p className="notice notice--error" role="alert">
            {errorText(withdraw.error, t)}
          </p>
        ) : null}
      </Modal>
    </section>
  );
}

function LastOutcome({ view }: { view: CancellationView }) {
  const { t } = useTranslation();
  const date = useDate();
  if (view.status === 'WITHDRAWN')
    return (
      <p className="notice" role="status" data-testid="cancellation-withdrawn">
        {t('cancellation.withdrawn', { date: date(view.submittedAt) })}
      </p>
    );
  if (view.status !== 'FAILED') return null;
  const list = view.failedConditions.map((k) => t(`cancellation.conditions.${k}.title`)).join(', ');
  return (
    <div className="notice notice--error" role="alert" data-testid="cancellation-failed">
      <strong>{t('cancellation.failed.title')}</strong>
      <p>
        {view.failureReason === 'REVIEWER_REJECTED'
          ? t('cancellation.failed.REVIEWER_REJECTED', { note: view.reviewerNote ?? '' })
          : t('cancellation.failed.CONDITIONS_NOT_MET', { list })}
      </p>
      <p>{t('cancellation.failed.retry')}</p>
    </div>
  );
}

function RequestForm({ preview }: { preview: CancellationPreview }) {
  const { t } = useTranslation();
  const submit = useRequestCancellation();
  const [reason, setReason] = useState<CancellationReason | null>(null);
  const [note, setNote] = useState('');
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const [googleCode, setGoogleCode] = useState('');
  const [emailCode, setEmailCode] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [errors, setErrors] = useState<Errors>({});

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {
      reason: reason ? null : t('cancellation.form.reasonRequired'),
      note:
        reason && !cancellationNoteOk(reason, note) ? t('cancellation.form.noteRequired') : null,
      googleCode: googleCodeError(googleCode, t),
      emailCode: emailCodeError(emailCode, t),
      understood: understood ? null : t('cancellation.form.acknowledgeRequired'),
    };
    setErrors(next);
    if (anyError(next) || !reason) return;
    submit.mutate({
      reason,
      ...(note.trim() ? { note: note.trim() } : {}),
      proofFileIds: files.map((f) => f.id),
      googleCode: googleCode.trim(),
      emailCode: emailCode.trim(),
    });
  };

  return (
    <form
      className="panel form cancel-form"
      onSubmit={onSubmit}
      noValidate
      data-testid="cancellation-form"
    >
      <h2>{t('cancellation.form.title')}</h2>
      <fieldset className="cancel-reasons">
        <legend className="field__label">{t('cancellation.form.reason')}</legend>
        {CANCELLATION_REASONS.map((r) => (
          <label key={r} className={`cancel-reason${reason === r ? ' is-on' : ''}`}>
            <input
              type="radio"
              name="reason"
              value={r}
              checked={reason === r}
              onChange={() => setReason(r)}
            />
            <span>{t(`cancellation.reasons.${r}`)}</span>
          </label>
        ))}
        {errors.reason && (
          <p className="field__error" role="alert">
            {errors.reason}
          </p>
        )}
      </fieldset>
      <div className={`field${errors.note ? ' field--error' : ''}`}>
        <label className="field__label" htmlFor="cancel-note">
          {t('cancellation.form.note')}
        </label>
        <textarea
          id="cancel-note"
          name="note"
          className="field__input cancel-note"
          maxLength={100}
          rows={3}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        <div className="field__hint">{t('cancellation.form.noteHint')}</div>
        {errors.note && (
          <p className="field__error" role="alert">
            {errors.note}
          </p>
        )}
      </div>
      <UploadField
        place="CANCELLATION_PROOF"
        label={t('cancellation.form.proof')}
        name="proof"
        files={files}
        onChange={setFiles}
        hint={t('cancellation.form.proofHint')}
      />
      <h3 className="cancel-form__sub">{t('cancellation.form.confirmTitle')}</h3>
      <GoogleCodeField
        value={googleCode}
        onChange={setGoogleCode}
        error={errors.googleCode ?? null}
      />
      <SecurityCodeField
        purpose="STEP_UP"
        label={t('security.emailCode')}
        value={emailCode}
        onChange={setEmailCode}
        error={errors.emailCode ?? null}
      />
      <label className={`cancel-ack${errors.understood ? ' field--error' : ''}`}>
        <input
          type="checkbox"
          name="understood"
          checked={understood}
          onChange={(e) => setUnderstood(e.target.checked)}
        />
        <span>{t('cancellation.form.acknowledge')}</span>
      </label>
      {errors.understood && (
        <p className="field__error" role="alert">
          {errors.understood}
        </p>
      )}
      {submit.error ? (
        <p className="notice notice--error" role="alert" data-testid="cancellation-error">
          {errorText(submit.error, t)}
        </p>
      ) : null}
      {!preview.canSubmit && <p className="notice">{t('cancellation.form.blocked')}</p>}
      <button
        type="submit"
        className="button button--primary button--danger-solid"
        disabled={!preview.canSubmit || submit.isPending}
        data-testid="cancellation-submit"
      >
        {t('cancellation.form.submit')}
      </button>
    </form>
  );
}

/** /accountCenter/security/cancellation: the conditions, the request, its review and outcome. */
export function CancellationPage() {
  const { t } = useTranslation();
  const preview = useCancellationPreview();
  if (preview.isPending) return <LoadingState />;
  if (preview.isError)
    return (
      <ErrorState
        title={t('cancellation.title')}
        error={preview.error}
        onRetry={() => void preview.refetch()}
      />
    );
  const p = preview.data;
  const underReview = p.current?.status === 'UNDER_REVIEW';
  return (
    <div className="account-page cancel-page">
      <nav className="cancel-crumbs muted">
        <Link to={PATHS.security}>{t('security.title')}</Link> / {t('cancellation.title')}
      </nav>
      <h1>{t('cancellation.title')}</h1>
      <p className="muted">{t('cancellation.subtitle')}</p>
      {p.current && underReview && <ReviewPanel view={p.current} />}
      {p.current && !underReview && <LastOutcome view={p.current} />}
      {!underReview && (
        <>
          <section className="panel cancel-what">
            <h2>{t('cancellation.what.title')}</h2>
            <ul>
              <li>{t('cancellation.what.review')}</li>
              <li>{t('cancellation.what.during')}</li>
              <li>{t('cancellation.what.after')}</li>
            </ul>
          </section>
          <section className="panel" aria-labelledby="cancel-conditions">
            <h2 id="cancel-conditions" className="cancel-section-title">
              {t('cancellation.conditions.title')}
            </h2>
            <ul className="cancel-conditions">
              {p.conditions.map((c) => (
                <ConditionItem key={c.key} c={c} />
              ))}
            </ul>
          </section>
          <RequestForm preview={p} />
        </>
      )}
    </div>
  );
}
