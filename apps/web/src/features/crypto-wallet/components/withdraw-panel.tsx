import { ErrorCode, type AssetNetwork, type WithdrawalPreview } from '@exchange/contracts';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { TextField } from '../../../components/form';
import { PATHS } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useAssets } from '../../../lib/catalogue';
import { errorText } from '../../../lib/error-text';
import { showToast } from '../../../lib/toast';
import { formatTime } from '../../../lib/format';
import {
  usePreviewTerms,
  useWhitelistAddresses,
  useWhitelistSettings,
  useWithdraw,
  useWithdrawalPreview,
} from '../api/crypto';
import { availability } from '../lib/availability';
import { useGuide } from '../lib/guide';
import { requestId } from '../lib/request-id';
import {
  addressError,
  amountError,
  coinAmount,
  excess,
  feePreview,
  maxAmount,
  ratePercent,
} from '../lib/rules';
import { AvailabilityNotice, CoinSelect, NetworkChoice } from './coin-network';
import { GuideTip } from './guide-tip';
import { WithdrawalHistory } from './histories';
import { PickList } from './pick-list';
import { StepUpModal } from '../../../components/step-up/step-up-modal';
import { SecurityNotices, stepUpBlocked } from '../../../components/step-up/security-notices';
import { useSecurityStatus } from '../../../lib/security';
import { useCoinNetwork } from './use-choice';

/** The catalogue's places of a coin (its ledger precision), else the chain's. */
export function useCoinDecimals(coin: string | null, fallback: number): number {
  const assets = useAssets();
  return assets.data?.find((a) => a.code === coin)?.decimals ?? fallback;
}

/** What a refusal needs beside its text: the way to the whitelist or the security settings. */
export function RefusalLink({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!(error instanceof ApiError)) return null;
  const code = Number(error.code);
  const to =
    code === ErrorCode.ADDRESS_NOT_WHITELISTED.code ||
    code === ErrorCode.UID_NOT_WHITELISTED.code ||
    code === ErrorCode.WHITELIST_ADDRESS_COOLING.code ||
    code === ErrorCode.WHITELIST_UID_COOLING.code
      ? { path: PATHS.address, label: t('crypto.stepUp.openWhitelist') }
      : code === ErrorCode.GOOGLE_AUTH_REQUIRED.code
        ? { path: PATHS.security, label: t('crypto.stepUp.linkAuthenticator') }
        : null;
  if (!to) return null;
  return (
    <>
      {' '}
      <Link className="link" to={to.path}>
        {to.label}
      </Link>
    </>
  );
}

function Summary({ rows }: { rows: [string, ReactNode, string?][] }) {
  return (
    <dl className="crypto-summary">
      {rows.map(([label, value, testId]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd data-testid={testId}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Withdraw: coin, network, address (or a whitelisted one), amount; the fees; then the codes. */
export function WithdrawPanel({
  networks,
  wantedCoin,
}: {
  networks: readonly AssetNetwork[];
  wantedCoin: string | null;
}) {
  const { t } = useTranslation();
  const guide = useGuide('withdraw');
  const choice = useCoinNetwork(networks, wantedCoin);
  const net = choice.network;
  const state = net ? availability(net, 'withdraw') : null;
  const decimals = useCoinDecimals(choice.coin, net?.chainDecimals ?? 8);
  const terms = usePreviewTerms(
    choice.coin,
    net?.network ?? null,
    net?.minWithdrawal && net.minWithdrawal !== '0' ? net.minWithdrawal : '1',
  );
  const settings = useWhitelistSettings();
  const whitelist = useWhitelistAddresses();
  const preview = useWithdrawalPreview();
  const withdraw = useWithdraw();

  const [address, setAddress] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [picking, setPicking] = useState(false);
  const [confirm, setConfirm] = useState<{ preview: WithdrawalPreview; id: string } | null>(null);

  const p = terms.data;
  const local = useMemo(
    () => (p ? feePreview(amount, { feeRate: p.feeRate, gasFee: p.gasFee, decimals }) : null),
    [amount, p, decimals],
  );
  const whitelistOnly = settings.data?.addressWhitelistOnly ?? false;
  const picks = (whitelist.data ?? [])
    .filter((w) => w.asset === choice.coin && w.network === net?.network)
    .map((w) => ({
      id: w.id,
      value: w.address,
      note: w.note,
      usable: w.usable,
      usableFrom: w.usableFrom,
    }));
  const coin = choice.coin ?? '';
  const rate = p ? ratePercent(p.feeRate) : '-';
  const frozenPart = p ? excess(p.available, p.withdrawable, decimals) : null;

  const check = () => {
    if (!p || !net) return false;
    const next = {
      address: addressError(address, net.kind, t),
      amount: amountError(
        amount,
        { available: p.withdrawable, minimum: p.minAmount, decimals, coin },
        t,
        local,
      ),
    };
    setErrors(next);
    return !next.address && !next.amount;
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!net || !check()) return;
    preview.mutate(
      { asset: coin, network: net.network, amount: amount.trim() },
      { onSuccess: (answer) => setConfirm({ preview: answer, id: requestId() }) },
    );
  };

  const onConfirm = (codes: { googleCode: string; emailCode: string }) => {
    if (!confirm || !net) return;
    withdraw.mutate(
      {
        clientRequestId: confirm.id,
        asset: coin,
        network: net.network,
        address: address.trim(),
        amount: confirm.preview.amount,
        ...codes,
      },
      {
        onSuccess: () => {
          setConfirm(null);
          setAmount('');
          showToast(t('crypto.withdraw.done'), 'success');
        },
      },
    );
  };

  const blocked = !state?.allowed;
  const security = useSecurityStatus();

  return (
    <div className="crypto-panel">
      <form
        className="panel crypto-form form"
        onSubmit={onSubmit}
        noValidate
        aria-label={t('crypto.tabs.withdraw')}
      >
        {!guide.seen.flow && (
          <GuideTip
            step="flow"
            text={t('crypto.guide.withdrawFlow')}
            onDismiss={() => guide.dismiss('flow')}
          />
        )}
        <CoinSelect
          coins={choice.coins}
          value={choice.coin}
          onChange={(c) => {
            choice.setCoin(c);
            setAddress('');
            setAmount('');
            setErrors({});
          }}
        />
        <NetworkChoice
          networks={choice.choices}
          value={net?.network ?? null}
          onChange={(n) => {
            choice.setNetwork(n);
            setErrors({});
          }}
          action="withdraw"
        />
        {!guide.seen.netWork && (
          <GuideTip
            step="netWork"
            text={t('crypto.guide.withdrawNetWork')}
            onDismiss={() => guide.dismiss('netWork')}
          />
        )}
        {net && state && <AvailabilityNotice network={net} state={state} action="withdraw" />}
        {net && !blocked && (
          <>
            {/* Said before the form is filled in, not after: no Authenticator, or the lock. */}
            <SecurityNotices />
            {whitelistOnly && (
              <p className="notice" data-testid="whitelist-only">
                {t('crypto.stepUp.whitelistOnly')}{' '}
                <Link className="link" to={PATHS.address}>
                  {t('crypto.stepUp.openWhitelist')}
                </Link>
              </p>
            )}
            <TextField
              label={t('crypto.withdraw.address')}
              name="address"
              placeholder={t('crypto.withdraw.addressPlaceholder')}
              autoComplete="off"
              spellCheck={false}
              value={address}
              onChange={(e) => setAddress(e.target.value)}
              error={errors.address}
              addon={
                <button type="button" className="field__action" onClick={() => setPicking(true)}>
                  {t('crypto.withdraw.pick')}
                </button>
              }
            />
            {!guide.seen.address && (
              <GuideTip
                step="address"
                text={t('crypto.guide.withdrawAddress', { coin, network: net.name })}
                onDismiss={() => guide.dismiss('address')}
              />
            )}
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
                  disabled={!p}
                  onClick={() => p && setAmount(maxAmount(p.withdrawable, decimals))}
                >
                  {t('crypto.withdraw.max')}
                </button>
              }
              hint={
                p ? (
                  <span className="crypto-hints">
                    <span data-testid="withdraw-available">
                      {t('crypto.withdraw.available', {
                        amount: coinAmount(p.withdrawable, decimals),
                        coin,
                      })}
                    </span>
                    <span>
                      {t('crypto.withdraw.minimum', {
                        amount: coinAmount(p.minAmount, decimals),
                        coin,
                      })}
                    </span>
                    {frozenPart && (
                      <span>
                        {t('crypto.withdraw.lockedDeposit', {
                          amount: coinAmount(frozenPart, decimals),
                          coin,
                        })}
                      </span>
                    )}
                  </span>
                ) : undefined
              }
            />
            <Summary
              rows={[
                [
                  t('crypto.withdraw.fee', { rate }),
                  local ? `${coinAmount(local.fee, decimals)} ${coin}` : '-',
                  'preview-fee',
                ],
                [
                  t('crypto.withdraw.gas'),
                  p ? `${coinAmount(p.gasFee, decimals)} ${coin}` : '-',
                  'preview-gas',
                ],
                [
                  t('crypto.withdraw.receive'),
                  local ? `${coinAmount(local.receive, decimals)} ${coin}` : '-',
                  'preview-receive',
                ],
              ]}
            />
            <ul className="crypto-notes muted">
              <li>{t('crypto.withdraw.feeNote', { rate })}</li>
              <li>{t('crypto.withdraw.reviewNote')}</li>
              <li>
                {p?.batchAt
                  ? t('crypto.withdraw.batchNow', { time: formatTime(p.batchAt) })
                  : t('crypto.withdraw.batchNote')}
              </li>
            </ul>
            {terms.isError && (
              <p className="notice notice--error" role="alert">
                {errorText(terms.error, t)}
              </p>
            )}
            {preview.error ? (
              <p className="notice notice--error" role="alert" data-testid="withdraw-error">
                {errorText(preview.error, t)}
                <RefusalLink error={preview.error} />
              </p>
            ) : null}
            <button
              type="submit"
              className="button button--primary button--block"
              disabled={!p || preview.isPending || stepUpBlocked(security.data)}
            >
              {t('crypto.withdraw.submit')}
            </button>
          </>
        )}
      </form>
      <WithdrawalHistory />
      <PickList
        open={picking}
        onClose={() => setPicking(false)}
        title={t('crypto.withdraw.pickTitle')}
        empty={t('crypto.withdraw.pickEmpty', { network: net?.name ?? '' })}
        items={picks}
        onPick={(value) => {
          setAddress(value);
          setErrors((prev) => ({ ...prev, address: null }));
        }}
      />
      <StepUpModal
        open={confirm !== null}
        onClose={() => {
          setConfirm(null);
          withdraw.reset();
        }}
        title={t('crypto.withdraw.confirmTitle')}
        submitLabel={t('common.confirm')}
        pending={withdraw.isPending}
        error={withdraw.error}
        errorExtra={<RefusalLink error={withdraw.error} />}
        onSubmit={onConfirm}
        testId="withdraw-confirm"
      >
        {confirm && (
          <Summary
            rows={[
              [t('crypto.summary.coin'), `${coin} · ${net?.name ?? ''}`],
              [t('crypto.summary.address'), <code className="crypto-break">{address.trim()}</code>],
              [
                t('crypto.summary.amount'),
                `${coinAmount(confirm.preview.amount, decimals)} ${coin}`,
              ],
              [
                t('crypto.withdraw.fee', { rate: ratePercent(confirm.preview.feeRate) }),
                `${coinAmount(confirm.preview.fee, decimals)} ${coin}`,
                'confirm-fee',
              ],
              [t('crypto.summary.gas'), `${coinAmount(confirm.preview.gasFee, decimals)} ${coin}`],
              [
                t('crypto.summary.receive'),
                <strong>{`${coinAmount(confirm.preview.received, decimals)} ${coin}`}</strong>,
                'confirm-receive',
              ],
            ]}
          />
        )}
      </StepUpModal>
    </div>
  );
}
