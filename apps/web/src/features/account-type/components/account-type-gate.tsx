import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { PATHS } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { useSelectAccountType } from '../api/select-account-type';
import { FeatureTable } from './feature-table';

type Step = 'choose' | 'verify' | 'verifyAgain' | 'optOut';

/**
 * After login, an account whose kycLevel is null chooses, an individual or an institution alike
 * (the domain spec: every user chooses at registration): verify identity (two confirmations,
 * then /accountCenter/identity opens in a new tab) or opt out (one confirmation).
 */
export function AccountTypeGate() {
  const { t } = useTranslation();
  const { user } = useSession();
  const select = useSelectAccountType();
  const [step, setStep] = useState<Step>('choose');
  const needed = user !== null && user.kycLevel === null;
  if (!needed) return null;

  const send = (isKyc: boolean) => {
    select.mutate(isKyc, {
      onSuccess: () => {
        setStep('choose');
        if (isKyc) window.open(PATHS.identity, '_blank', 'noopener');
      },
      // The spec: on failure loading ends and the error is only logged.
      // eslint-disable-next-line no-console
      onError: (err) => console.error('account type selection failed', err),
    });
  };
  const back = () => setStep('choose');
  const confirmFooter = (onConfirm: () => void) => (
    <>
      <button type="button" className="button" onClick={back} disabled={select.isPending}>
        {t('common.cancel')}
      </button>
      <button
        type="button"
        className="button button--primary"
        onClick={onConfirm}
        disabled={select.isPending}
      >
        {select.isPending ? t('common.loading') : t('common.confirm')}
      </button>
    </>
  );

  return (
    <>
      <Modal
        open={step === 'choose'}
        onClose={() => undefined}
        dismissible={false}
        title={t('accountType.title')}
        size="large"
      >
        <p className="muted modal__intro">{t('accountType.intro')}</p>
        <div className="choice-grid">
          <button
            type="button"
            className="choice choice--primary"
            onClick={() => setStep('verify')}
          >
            <span className="choice__title">{t('accountType.verify')}</span>
            <span className="choice__body">{t('accountType.verifyBody')}</span>
          </button>
          <button type="button" className="choice" onClick={() => setStep('optOut')}>
            <span className="choice__title">{t('accountType.optOut')}</span>
            <span className="choice__body">{t('accountType.optOutBody')}</span>
          </button>
        </div>
        <FeatureTable />
      </Modal>
      <Modal
        open={step === 'verify'}
        onClose={back}
        title={t('accountType.confirmVerifyTitle')}
        size="small"
        footer={confirmFooter(() => setStep('verifyAgain'))}
      >
        <p>{t('accountType.confirmVerifyBody')}</p>
      </Modal>
      <Modal
        open={step === 'verifyAgain'}
        onClose={back}
        title={t('accountType.confirmVerifyAgainTitle')}
        size="small"
        footer={confirmFooter(() => send(true))}
      >
        <p>{t('accountType.confirmVerifyAgainBody')}</p>
      </Modal>
      <Modal
        open={step === 'optOut'}
        onClose={back}
        title={t('accountType.confirmOptOutTitle')}
        size="small"
        footer={confirmFooter(() => send(false))}
      >
        <p>{t('accountType.confirmOptOutBody')}</p>
      </Modal>
    </>
  );
}
