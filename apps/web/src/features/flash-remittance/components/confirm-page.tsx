import { FLASH_MESSAGE_MAX } from '@exchange/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../../components/states';
import { PATHS } from '../../../config/paths';
import { errorText } from '../../../lib/error-text';
import { formatTime } from '../../../lib/format';
import { useFlashDecision, useFlashRemittance } from '../api/flash';
import { useFlashLive } from './live';
import { FlashShell, StateText, timeLeft } from './shell';

/**
 * /flashRemittance/confirm/:id: the recipient's view of a remittance (who, how much, the
 * message, the time left) with Agree and Reject; the sender sees the same with Cancel.
 */
export function FlashConfirmPage() {
  const { t } = useTranslation();
  return (
    <FlashShell
      title={t('flash.confirm.title')}
      subtitle={t('flash.confirm.subtitle')}
      testId="flash-confirm-page"
    >
      <Confirm />
    </FlashShell>
  );
}

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function Confirm() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  useFlashLive();
  const q = useFlashRemittance(id);
  const decide = useFlashDecision();
  const now = useNow();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  if (q.isPending) return <LoadingState />;
  if (q.isError)
    return (
      <ErrorState
        title={t('flash.confirm.title')}
        error={q.error}
        onRetry={() => void q.refetch()}
      />
    );
  const r = q.data;
  const awaiting = r.status === 'AWAITING_RECIPIENT';
  const left = timeLeft(r.expiresAt, now);
  const received = r.side === 'RECEIVED';
  const other = received ? r.sender : r.recipient;
  return (
    <section className="panel flash-panel" data-testid="flash-detail">
      <p className="muted">
        {received
          ? t('flash.confirm.from', { uid: other.uid, email: other.maskedEmail })
          : t('flash.confirm.to', { uid: other.uid, email: other.maskedEmail })}
      </p>
      <div className="flash-big" data-testid="flash-amount">
        {r.amount} {r.currency}
      </div>
      <dl className="flash-summary">
        <dt>{t('flash.fields.state')}</dt>
        <dd>
          <StateText status={r.status} reason={r.terminationReason} />
        </dd>
        {r.message && (
          <>
            <dt>{t(received ? 'flash.fields.messageFromSender' : 'flash.fields.yourMessage')}</dt>
            <dd data-testid="flash-message">{r.message}</dd>
          </>
        )}
        <dt>{t('flash.fields.fee')}</dt>
        <dd>{`${r.fee} ${r.currency}`}</dd>
        <dt>{t('flash.fields.received')}</dt>
        <dd>{`${r.received} ${r.currency}`}</dd>
        {r.cdcAmount && (
          <>
            <dt>{t('flash.fields.cdc')}</dt>
            <dd>{t('flash.confirm.cdc', { amount: r.cdcAmount })}</dd>
          </>
        )}
        <dt>{t('flash.fields.createdAt')}</dt>
        <dd>{formatTime(r.createdAt)}</dd>
        {awaiting ? (
          <>
            <dt>{t('flash.fields.timeLeft')}</dt>
            <dd data-testid="flash-time-left">
              {t('flash.confirm.timeLeft', { hours: left.hours, minutes: left.minutes })}
            </dd>
          </>
        ) : (
          r.completedAt && (
            <>
              <dt>{t('flash.fields.completedAt')}</dt>
              <dd>{formatTime(r.completedAt)}</dd>
            </>
          )
        )}
        {r.rejectReason && (
          <>
            <dt>{t('flash.fields.rejectReason')}</dt>
            <dd>{r.rejectReason}</dd>
          </>
        )}
      </dl>
      {decide.error ? (
        <div className="notice notice--error" role="alert" data-testid="flash-decide-error">
          {errorText(decide.error, t)}
        </div>
      ) : null}
      {awaiting && received && !rejecting && (
        <>
          <p className="muted">{t('flash.confirm.agreeHint')}</p>
          <div className="flash-actions flash-actions--start">
            <button
              type="button"
              className="button button--primary"
              disabled={decide.isPending}
              onClick={() => decide.mutate({ id: r.id, action: 'agree' })}
              data-testid="flash-agree"
            >
              {t('flash.confirm.agree')}
            </button>
            <button
              type="button"
              className="button button--ghost"
              disabled={decide.isPending}
              onClick={() => setRejecting(true)}
              data-testid="flash-reject"
            >
              {t('flash.confirm.reject')}
            </button>
          </div>
        </>
      )}
      {awaiting && received && rejecting && (
        <div className="flash-form">
          <label className="field">
            <span className="field__label">{t('flash.fields.rejectReason')}</span>
            <textarea
              className="field__input"
              rows={2}
              value={reason}
              maxLength={FLASH_MESSAGE_MAX}
              placeholder={t('flash.confirm.reasonHint')}
              onChange={(e) => setReason(e.target.value)}
            />
          </label>
          <div className="flash-actions flash-actions--start">
            <button
              type="button"
              className="button button--ghost"
              onClick={() => setRejecting(false)}
            >
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={decide.isPending}
              onClick={() =>
                decide.mutate({
                  id: r.id,
                  action: 'reject',
                  ...(reason.trim() ? { reason: reason.trim() } : {}),
                })
              }
              data-testid="flash-reject-confirm"
            >
              {t('flash.confirm.rejectConfirm')}
            </button>
          </div>
        </div>
      )}
      {awaiting && !received && (
        <div className="flash-actions flash-actions--start">
          <button
            type="button"
            className="button button--ghost"
            disabled={decide.isPending}
            onClick={() => decide.mutate({ id: r.id, action: 'cancel' })}
            data-testid="flash-cancel"
          >
            {t('flash.initiate.cancel')}
          </button>
        </div>
      )}
      <div className="flash-actions flash-actions--start">
        <Link className="link" to={PATHS.flashHistory}>
          {t('flash.confirm.toHistory')}
        </Link>
      </div>
    </section>
  );
}
