import { RuntimeMode } from '@exchange/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { errorText } from '../../../lib/error-text';
import { showToast } from '../../../lib/toast';
import { useResetDemoFunds } from '../api/demo-reset';

/**
 * "Reset Demo funds" (or the Trade for Reward funds in Trial): asks first in a modal, since it
 * throws away every simulated position; a refusal (open orders) shows inside the modal.
 */
export function ResetFunds({ mode }: { mode: RuntimeMode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const reset = useResetDemoFunds();
  const trial = mode === RuntimeMode.TRIAL;
  const close = () => {
    if (reset.isPending) return;
    setOpen(false);
    reset.reset();
  };
  const confirm = () =>
    reset.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        showToast(
          t(trial ? 'account.wallet.resetDoneTrial' : 'account.wallet.resetDone'),
          'success',
        );
      },
    });

  return (
    <>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        {t(trial ? 'account.wallet.resetTrial' : 'account.wallet.reset')}
      </button>
      <Modal
        open={open}
        onClose={close}
        size="small"
        title={t(trial ? 'account.wallet.resetTitleTrial' : 'account.wallet.resetTitle')}
        footer={
          <>
            <button type="button" className="button" onClick={close} disabled={reset.isPending}>
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={confirm}
              disabled={reset.isPending}
            >
              {reset.isPending ? t('common.loading') : t('account.wallet.resetConfirm')}
            </button>
          </>
        }
      >
        <p className="reset-funds__body">
          {t(trial ? 'account.wallet.resetBodyTrial' : 'account.wallet.resetBody')}
        </p>
        <p className="muted">{t('account.wallet.resetOpenOrders')}</p>
        {reset.isError && (
          <p className="notice notice--error" role="alert">
            {errorText(reset.error, t)}
          </p>
        )}
      </Modal>
    </>
  );
}
