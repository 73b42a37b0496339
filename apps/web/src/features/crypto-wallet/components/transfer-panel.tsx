import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { TextField } from '../../../components/form';
import { PATHS } from '../../../config/paths';
import { errorText } from '../../../lib/error-text';
import { useSession } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { useBalances } from '../../../lib/wallet-balances';
import { useTransfer, useWhitelistSettings, useWhitelistUids } from '../api/crypto';
import { requestId } from '../lib/request-id';
import {
  amountError,
  coinAmount,
  isPositiveText,
  maxAmount,
  trimAmount,
  uidError,
} from '../lib/rules';
import { CoinSelect } from './coin-network';
import { TransferHistory } from './histories';
import { PickList } from './pick-list';
import { StepUpModal } from '../../../components/step-up/step-up-modal';
import { SecurityNotices, stepUpBlocked } from '../../../components/step-up/security-notices';
import { useSecurityStatus } from '../../../lib/security';
import { RefusalLink, useCoinDecimals } from './withdraw-panel';

/** Internal transfer by UID: instant and free, with the same codes as a withdrawal. */
export function TransferPanel({
  coins: offered,
  wantedCoin,
}: {
  coins: readonly string[];
  wantedCoin: string | null;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const balances = useBalances();
  const settings = useWhitelistSettings();
  const whitelist = useWhitelistUids();
  const transfer = useTransfer();
  // Coins the user holds come first; the others are offered too (the balance then says 0).
  const held = (balances.data ?? []).filter((b) => isPositiveText(b.available)).map((b) => b.asset);
  const coins = [...new Set([...held, ...offered])];
  const [picked, setPicked] = useState<string | null>(wantedCoin);
  const coin = picked && coins.includes(picked) ? picked : (coins[0] ?? null);
  const decimals = useCoinDecimals(coin, 8);
  const available = balances.data
    ? (balances.data.find((b) => b.asset === coin)?.available ?? '0')
    : null;

  const [uid, setUid] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [picking, setPicking] = useState(false);
  const [confirmId, setConfirmId] = useState<string | null>(null);
  const uidOnly = settings.data?.uidWhitelistOnly ?? false;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next = {
      uid: uidError(uid, user?.uid ?? null, t),
      amount: amountError(
        amount,
        { available: available ?? '0', minimum: '0', decimals, coin: coin ?? '' },
        t,
      ),
    };
    setErrors(next);
    if (next.uid || next.amount || !coin) return;
    transfer.reset();
    setConfirmId(requestId());
  };

  const onConfirm = (codes: { googleCode: string; emailCode: string }) => {
    if (!confirmId || !coin) return;
    transfer.mutate(
      { clientRequestId: confirmId, uid: uid.trim(), asset: coin, amount: amount.trim(), ...codes },
      {
        onSuccess: () => {
          setConfirmId(null);
          setAmount('');
          showToast(t('crypto.transfer.done'), 'success');
        },
      },
    );
  };

  const security = useSecurityStatus();

  return (
    <div className="crypto-panel">
      <form
        className="panel crypto-form form"
        onSubmit={onSubmit}
        noValidate
        aria-label={t('crypto.tabs.transfer')}
      >
        <p className="muted">{t('crypto.transfer.intro')}</p>
        {user?.uid && (
          <p className="crypto-own-uid">{t('crypto.transfer.yourUid', { uid: user.uid })}</p>
        )}
        <SecurityNotices />
        {uidOnly && (
          <p className="notice" data-testid="uid-whitelist-only">
            {t('crypto.stepUp.whitelistOnlyUid')}{' '}
            <Link className="link" to={`${PATHS.address}?tab=uids`}>
              {t('crypto.stepUp.openWhitelist')}
            </Link>
          </p>
        )}
        <TextField
          label={t('crypto.transfer.uid')}
          name="uid"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('crypto.transfer.uidPlaceholder')}
          value={uid}
          onChange={(e) => setUid(e.target.value.replace(/\s/g, ''))}
          error={errors.uid}
          addon={
            <button type="button" className="field__action" onClick={() => setPicking(true)}>
              {t('crypto.transfer.pick')}
            </button>
          }
        />
        <CoinSelect
          coins={coins}
          value={coin}
          onChange={(c) => {
            setPicked(c);
            setAmount('');
          }}
        />
        <TextField
          label={t('crypto.withdraw.amount')}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value.replace(/[^\d.]/g, ''))}
          error={errors.amount}
          addon={
            <button
              type="button"
              className="field__action"
              disabled={available === null}
              onClick={() => available !== null && setAmount(maxAmount(available, decimals))}
            >
              {t('crypto.withdraw.max')}
            </button>
          }
          hint={
            available !== null ? (
              <span data-testid="transfer-available">
                {t('crypto.withdraw.available', {
                  amount: coinAmount(available, decimals),
                  coin: coin ?? '',
                })}
              </span>
            ) : undefined
          }
        />
        <p className="crypto-free">{t('crypto.transfer.free')}</p>
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={!coin || stepUpBlocked(security.data)}
        >
          {t('crypto.transfer.submit')}
        </button>
        {settings.isError && <p className="notice notice--error">{errorText(settings.error, t)}</p>}
      </form>
      <TransferHistory />
      <PickList
        open={picking}
        onClose={() => setPicking(false)}
        title={t('crypto.transfer.pickTitle')}
        empty={t('crypto.transfer.pickEmpty')}
        items={(whitelist.data ?? []).map((w) => ({
          id: w.id,
          value: w.uid,
          note: w.note,
          usable: w.usable,
          usableFrom: w.usableFrom,
        }))}
        onPick={(value) => {
          setUid(value);
          setErrors((prev) => ({ ...prev, uid: null }));
        }}
      />
      <StepUpModal
        open={confirmId !== null}
        onClose={() => setConfirmId(null)}
        title={t('crypto.transfer.confirmTitle')}
        submitLabel={t('common.confirm')}
        pending={transfer.isPending}
        error={transfer.error}
        errorExtra={<RefusalLink error={transfer.error} />}
        onSubmit={onConfirm}
        testId="transfer-confirm"
      >
        <dl className="crypto-summary">
          <div>
            <dt>{t('crypto.summary.recipient')}</dt>
            <dd>{uid.trim()}</dd>
          </div>
          <div>
            <dt>{t('crypto.summary.amount')}</dt>
            <dd>
              {trimAmount(amount.trim())} {coin}
            </dd>
          </div>
          <div>
            <dt>{t('crypto.summary.fee')}</dt>
            <dd>0 {coin}</dd>
          </div>
        </dl>
      </StepUpModal>
    </div>
  );
}
