import {
  WHITELIST_NOTE_MAX,
  WHITELIST_NOTE_MIN,
  type FlashWhitelistEntry,
} from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { TextField } from '../../../components/form';
import { StepUpModal, type StepUpCodes } from '../../../components/step-up/step-up-modal';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { formatTime } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { useAddFlashRecipient, useFlashWhitelist, useRemoveFlashRecipient } from '../api/flash';
import { FlashShell } from './shell';

type Pending =
  | { kind: 'add'; recipient: string; note: string }
  | { kind: 'delete'; entry: FlashWhitelistEntry };

/** The spec's note rule, as the gateway checks it (5004 / 5005). */
export function noteError(note: string, t: TFunction): string | null {
  const n = [...note.trim()].length;
  if (n > 100) return t('flash.errors.noteTooLong');
  if (n < WHITELIST_NOTE_MIN || n > WHITELIST_NOTE_MAX) return t('flash.errors.note');
  return null;
}

/** /accountCenter/flashWhitelist: the recipients flash remittances may go to. */
export function FlashWhitelistPage() {
  const { t } = useTranslation();
  return (
    <FlashShell
      title={t('flash.whitelist.title')}
      subtitle={t('flash.whitelist.subtitle')}
      testId="flash-whitelist-page"
    >
      <Recipients />
    </FlashShell>
  );
}

function Recipients() {
  const { t } = useTranslation();
  const list = useFlashWhitelist();
  const add = useAddFlashRecipient();
  const remove = useRemoveFlashRecipient();
  const [adding, setAdding] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const mutation = pending?.kind === 'delete' ? remove : add;
  const close = () => {
    setPending(null);
    mutation.reset();
  };
  const run = (codes: StepUpCodes) => {
    if (!pending) return;
    if (pending.kind === 'add')
      add.mutate(
        { recipient: pending.recipient, note: pending.note, ...codes },
        {
          onSuccess: () => {
            setPending(null);
            setAdding(false);
            showToast(t('flash.whitelist.added'), 'success');
          },
        },
      );
    else
      remove.mutate(
        { id: pending.entry.id, ...codes },
        {
          onSuccess: () => {
            setPending(null);
            showToast(t('flash.whitelist.removed'), 'success');
          },
        },
      );
  };
  const entries = list.data ?? [];
  return (
    <>
      <section className="panel flash-panel">
        <h2>{t('flash.whitelist.rulesTitle')}</h2>
        <ul className="flash-rules">
          <li>{t('flash.whitelist.rules.who')}</li>
          <li>{t('flash.whitelist.rules.note')}</li>
          <li>{t('flash.whitelist.rules.stepUp')}</li>
        </ul>
      </section>
      <section className="panel flash-panel" data-testid="flash-recipients">
        <div className="flash-list__head">
          <h2>{t('flash.whitelist.listTitle')}</h2>
          {!adding && (
            <button
              type="button"
              className="button button--primary button--small"
              onClick={() => setAdding(true)}
              data-testid="flash-add-recipient"
            >
              {t('flash.whitelist.add')}
            </button>
          )}
        </div>
        {adding && (
          <AddForm
            onCancel={() => setAdding(false)}
            onSubmit={(recipient, note) => setPending({ kind: 'add', recipient, note })}
          />
        )}
        {list.isPending ? (
          <LoadingState />
        ) : list.isError ? (
          <ErrorState
            title={t('flash.whitelist.listTitle')}
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        ) : entries.length === 0 ? (
          <EmptyState title={t('flash.whitelist.empty')} />
        ) : (
          <ul className="flash-cards">
            {entries.map((e) => (
              <li key={e.id} className="flash-card" data-testid="flash-recipient">
                <strong>{e.note}</strong>
                <p>
                  UID {e.uid} · {e.maskedEmail}
                </p>
                <p className="muted">
                  {t('flash.whitelist.addedAt', { time: formatTime(e.createdAt) })}
                </p>
                <div className="flash-actions flash-actions--start">
                  <button
                    type="button"
                    className="button button--small button--ghost"
                    onClick={() => setPending({ kind: 'delete', entry: e })}
                  >
                    {t('flash.whitelist.remove')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <StepUpModal
        open={pending !== null}
        onClose={close}
        title={
          pending?.kind === 'delete'
            ? t('flash.whitelist.removeTitle')
            : t('flash.whitelist.addTitle')
        }
        submitLabel={t('common.confirm')}
        pending={mutation.isPending}
        error={mutation.error}
        onSubmit={run}
        testId="flash-whitelist-confirm"
      >
        {pending && (
          <dl className="flash-summary">
            <dt>{t('flash.fields.recipient')}</dt>
            <dd>
              {pending.kind === 'add'
                ? pending.recipient
                : `UID ${pending.entry.uid} · ${pending.entry.maskedEmail}`}
            </dd>
            <dt>{t('flash.fields.note')}</dt>
            <dd>{pending.kind === 'add' ? pending.note : pending.entry.note}</dd>
          </dl>
        )}
      </StepUpModal>
    </>
  );
}

function AddForm({
  onCancel,
  onSubmit,
}: {
  onCancel: () => void;
  onSubmit: (recipient: string, note: string) => void;
}) {
  const { t } = useTranslation();
  const [recipient, setRecipient] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = {
      recipient: recipient.trim() ? null : t('flash.errors.recipient'),
      note: noteError(note, t),
    };
    setErrors(next);
    if (next.recipient || next.note) return;
    onSubmit(recipient.trim(), note.trim());
  };
  return (
    <form
      className="flash-form flash-form--inline"
      onSubmit={submit}
      noValidate
      data-testid="flash-add-form"
    >
      <div className="flash-grid">
        <TextField
          label={t('flash.fields.recipient')}
          name="recipient"
          value={recipient}
          onChange={(e) => setRecipient(e.target.value)}
          placeholder={t('flash.fields.recipientHint')}
          error={errors.recipient ?? null}
          autoComplete="off"
        />
        <TextField
          label={t('flash.fields.note')}
          name="note"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          placeholder={t('flash.fields.noteHint')}
          error={errors.note ?? null}
          autoComplete="off"
        />
      </div>
      <div className="flash-actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="button button--primary" data-testid="flash-add-next">
          {t('flash.whitelist.next')}
        </button>
      </div>
    </form>
  );
}
