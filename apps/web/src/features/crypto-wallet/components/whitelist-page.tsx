import type { AssetNetwork, WhitelistAddress, WhitelistUid } from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { TextField } from '../../../components/form';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { PATHS } from '../../../config/paths';
import { showToast } from '../../../lib/toast';
import { useSession } from '../../../lib/session';
import { formatTime } from '../../../lib/format';
import {
  useAddAddress,
  useAddUid,
  useDeleteAddress,
  useDeleteUid,
  useNetworks,
  useSaveWhitelistSettings,
  useWhitelistAddresses,
  useWhitelistSettings,
  useWhitelistUids,
} from '../api/crypto';
import { coinsOf, networksOf } from '../lib/availability';
import { addressError, noteError, NOTE_MAX, uidError } from '../lib/rules';
import { shortTx } from '../lib/states';
import { CoinSelect } from './coin-network';
import { StepUpModal, type StepUpCodes } from '../../../components/step-up/step-up-modal';
import '../crypto-wallet.css';

type Tab = 'addresses' | 'uids';
type Pending =
  | {
      kind: 'add-address';
      body: { asset: string; network: string; address: string; note: string };
      networkName: string;
    }
  | { kind: 'add-uid'; body: { uid: string; note: string } }
  | { kind: 'delete-address'; entry: WhitelistAddress }
  | { kind: 'delete-uid'; entry: WhitelistUid }
  | { kind: 'only-off'; setting: 'addressWhitelistOnly' | 'uidWhitelistOnly' };

/** /accountCenter/address: whitelisted withdrawal addresses and transfer UIDs, and the switches. */
export function WhitelistPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const tab: Tab = search.get('tab') === 'uids' ? 'uids' : 'addresses';
  const settings = useWhitelistSettings();
  const save = useSaveWhitelistSettings();
  const addAddress = useAddAddress();
  const addUid = useAddUid();
  const deleteAddress = useDeleteAddress();
  const deleteUid = useDeleteUid();
  const [pending, setPending] = useState<Pending | null>(null);
  const [adding, setAdding] = useState(false);

  const mutation =
    pending?.kind === 'add-address'
      ? addAddress
      : pending?.kind === 'add-uid'
        ? addUid
        : pending?.kind === 'delete-address'
          ? deleteAddress
          : pending?.kind === 'delete-uid'
            ? deleteUid
            : save;

  const close = () => {
    setPending(null);
    mutation.reset();
  };

  const run = (codes: StepUpCodes) => {
    if (!pending) return;
    const done = (text: string) => () => {
      setPending(null);
      setAdding(false);
      showToast(text, 'success');
    };
    if (pending.kind === 'add-address')
      addAddress.mutate(
        { ...pending.body, ...codes },
        { onSuccess: done(t('crypto.whitelist.added')) },
      );
    else if (pending.kind === 'add-uid')
      addUid.mutate(
        { ...pending.body, ...codes },
        { onSuccess: done(t('crypto.whitelist.added')) },
      );
    else if (pending.kind === 'delete-address')
      deleteAddress.mutate(
        { id: pending.entry.id, ...codes },
        { onSuccess: done(t('crypto.whitelist.deleted')) },
      );
    else if (pending.kind === 'delete-uid')
      deleteUid.mutate(
        { id: pending.entry.id, ...codes },
        { onSuccess: done(t('crypto.whitelist.deleted')) },
      );
    else
      save.mutate(
        { [pending.setting]: false, ...codes },
        { onSuccess: done(t('crypto.whitelist.saved')) },
      );
  };

  /** Turning "whitelisted only" on needs nothing; off needs the codes. */
  const toggle = (setting: 'addressWhitelistOnly' | 'uidWhitelistOnly', on: boolean) => {
    if (on)
      save.mutate(
        { [setting]: true },
        {
          onSuccess: () => showToast(t('crypto.whitelist.saved'), 'success'),
          onError: () => undefined,
        },
      );
    else setPending({ kind: 'only-off', setting });
  };

  const s = settings.data;
  const setting = tab === 'addresses' ? 'addressWhitelistOnly' : 'uidWhitelistOnly';

  return (
    <div className="account-page crypto-page whitelist-page">
      <div className="crypto-head">
        <div>
          <h1>{t('crypto.whitelist.title')}</h1>
          <p className="muted">{t('crypto.whitelist.subtitle')}</p>
        </div>
        <Link className="button button--small" to={PATHS.cryptoChannel}>
          {t('crypto.back')}
        </Link>
      </div>
      <div className="tabs" role="tablist">
        {(['addresses', 'uids'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            className="tab"
            onClick={() => {
              setAdding(false);
              setSearch(k === 'uids' ? { tab: k } : {}, { replace: true });
            }}
          >
            {t(`crypto.whitelist.${k}`)}
          </button>
        ))}
      </div>
      <section className="panel whitelist-switch">
        <label className="switch">
          <input
            type="checkbox"
            role="switch"
            name={setting}
            checked={s?.[setting] ?? false}
            disabled={!s || save.isPending}
            onChange={(e) => toggle(setting, e.target.checked)}
          />
          <span className="switch__track" aria-hidden="true" />
          <span>
            {t(
              tab === 'addresses' ? 'crypto.whitelist.onlyAddresses' : 'crypto.whitelist.onlyUids',
            )}
          </span>
        </label>
        <p className="muted">
          {t('crypto.whitelist.onlyOffNeedsCodes')}{' '}
          {s && s.coolingHours > 0 && t('crypto.whitelist.cooling', { hours: s.coolingHours })}
        </p>
      </section>
      {tab === 'addresses' ? (
        <AddressList
          adding={adding}
          onAdding={setAdding}
          onAdd={(body, networkName) => setPending({ kind: 'add-address', body, networkName })}
          onDelete={(entry) => setPending({ kind: 'delete-address', entry })}
        />
      ) : (
        <UidList
          adding={adding}
          onAdding={setAdding}
          onAdd={(body) => setPending({ kind: 'add-uid', body })}
          onDelete={(entry) => setPending({ kind: 'delete-uid', entry })}
        />
      )}
      <StepUpModal
        open={pending !== null}
        onClose={close}
        title={
          pending?.kind.startsWith('delete')
            ? t('crypto.whitelist.deleteTitle')
            : pending?.kind === 'only-off'
              ? t('crypto.whitelist.offTitle')
              : t('crypto.whitelist.addTitle')
        }
        submitLabel={t('common.confirm')}
        pending={mutation.isPending}
        error={mutation.error}
        onSubmit={run}
        testId="whitelist-confirm"
      >
        {pending && <PendingSummary pending={pending} />}
      </StepUpModal>
    </div>
  );
}

function PendingSummary({ pending }: { pending: Pending }) {
  const { t } = useTranslation();
  const rows: [string, string][] =
    pending.kind === 'add-address'
      ? [
          [t('crypto.summary.coin'), `${pending.body.asset} · ${pending.networkName}`],
          [t('crypto.summary.address'), pending.body.address],
          [t('crypto.whitelist.note'), pending.body.note],
        ]
      : pending.kind === 'add-uid'
        ? [
            [t('crypto.summary.recipient'), pending.body.uid],
            [t('crypto.whitelist.note'), pending.body.note],
          ]
        : pending.kind === 'delete-address'
          ? [
              [t('crypto.summary.address'), pending.entry.address],
              [t('crypto.whitelist.note'), pending.entry.note],
            ]
          : pending.kind === 'delete-uid'
            ? [
                [t('crypto.summary.recipient'), pending.entry.uid],
                [t('crypto.whitelist.note'), pending.entry.note],
              ]
            : [];
  if (rows.length === 0) return <p className="notice">{t('crypto.whitelist.offBody')}</p>;
  return (
    <dl className="crypto-summary">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd className={k === t('crypto.summary.address') ? 'crypto-break' : undefined}>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function UsableBadge({ entry }: { entry: { usable: boolean; usableFrom: string } }) {
  const { t } = useTranslation();
  return entry.usable ? (
    <span className="crypto-state crypto-state--done">{t('crypto.whitelist.usable')}</span>
  ) : (
    <span className="crypto-state crypto-state--moving" data-testid="cooling">
      {t('crypto.whitelist.coolingUntil', { time: formatTime(entry.usableFrom) })}
    </span>
  );
}

function AddressList({
  adding,
  onAdding,
  onAdd,
  onDelete,
}: {
  adding: boolean;
  onAdding: (on: boolean) => void;
  onAdd: (
    body: { asset: string; network: string; address: string; note: string },
    networkName: string,
  ) => void;
  onDelete: (entry: WhitelistAddress) => void;
}) {
  const { t } = useTranslation();
  const list = useWhitelistAddresses();
  const networks = useNetworks();
  const names = new Map((networks.data ?? []).map((n) => [`${n.asset}:${n.network}`, n.name]));

  return (
    <section className="panel crypto-history">
      <div className="whitelist-head">
        <h2>{t('crypto.whitelist.addresses')}</h2>
        {!adding && (
          <button
            type="button"
            className="button button--primary button--small"
            onClick={() => onAdding(true)}
          >
            {t('crypto.whitelist.add')}
          </button>
        )}
      </div>
      {adding && networks.data && (
        <AddAddressForm networks={networks.data} onCancel={() => onAdding(false)} onAdd={onAdd} />
      )}
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState
          title={t('crypto.whitelist.loadFailed')}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.length === 0 ? (
        <EmptyState title={t('crypto.whitelist.empty')} />
      ) : (
        <table
          className="data-table data-table--stack"
          aria-label={t('crypto.whitelist.addresses')}
        >
          <thead>
            <tr>
              <th scope="col">{t('crypto.whitelist.note')}</th>
              <th scope="col">{t('crypto.table.network')}</th>
              <th scope="col">{t('crypto.table.address')}</th>
              <th scope="col">{t('crypto.table.state')}</th>
              <th scope="col">{t('crypto.table.action')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((w) => (
              <tr key={w.id} data-entry={w.id}>
                <th scope="row">{w.note}</th>
                <td data-label={t('crypto.table.network')}>
                  {w.asset} · {names.get(`${w.asset}:${w.network}`) ?? w.network}
                </td>
                <td data-label={t('crypto.table.address')}>
                  <code className="crypto-tx" title={w.address}>
                    {shortTx(w.address, 10, 8)}
                  </code>
                </td>
                <td data-label={t('crypto.table.state')}>
                  <UsableBadge entry={w} />
                </td>
                <td className="data-table__action">
                  <button
                    type="button"
                    className="button button--small button--ghost"
                    onClick={() => onDelete(w)}
                  >
                    {t('crypto.whitelist.delete')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function AddAddressForm({
  networks,
  onCancel,
  onAdd,
}: {
  networks: readonly AssetNetwork[];
  onCancel: () => void;
  onAdd: (
    body: { asset: string; network: string; address: string; note: string },
    networkName: string,
  ) => void;
}) {
  const { t } = useTranslation();
  const coins = coinsOf(networks);
  const [coin, setCoin] = useState<string | null>(coins[0] ?? null);
  const choices = networksOf(networks, coin);
  const [network, setNetwork] = useState<string | null>(null);
  const net = choices.find((n) => n.network === network) ?? choices[0] ?? null;
  const [address, setAddress] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string | null>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = { address: addressError(address, net?.kind ?? null, t), note: noteError(note, t) };
    setErrors(next);
    if (next.address || next.note || !coin || !net) return;
    onAdd(
      { asset: coin, network: net.network, address: address.trim(), note: note.trim() },
      net.name,
    );
  };

  return (
    <form
      className="form whitelist-form"
      onSubmit={submit}
      noValidate
      aria-label={t('crypto.whitelist.add')}
    >
      <div className="whitelist-form__row">
        <CoinSelect
          coins={coins}
          value={coin}
          onChange={(c) => {
            setCoin(c);
            setNetwork(null);
          }}
        />
        <div className="field">
          <label className="field__label" htmlFor="whitelist-network">
            {t('crypto.network')}
          </label>
          <div className="field__control">
            <select
              id="whitelist-network"
              name="network"
              className="field__input"
              value={net?.network ?? ''}
              onChange={(e) => setNetwork(e.target.value)}
            >
              {choices.map((n) => (
                <option key={n.network} value={n.network}>
                  {n.name}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
      <TextField
        label={t('crypto.withdraw.address')}
        name="address"
        autoComplete="off"
        spellCheck={false}
        value={address}
        onChange={(e) => setAddress(e.target.value)}
        error={errors.address}
      />
      <NoteField value={note} onChange={setNote} error={errors.note ?? null} />
      <div className="crypto-stepup__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="button button--primary">
          {t('crypto.whitelist.save')}
        </button>
      </div>
    </form>
  );
}

function NoteField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (v: string) => void;
  error: string | null;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('crypto.whitelist.note')}
      name="note"
      autoComplete="off"
      placeholder={t('crypto.whitelist.notePlaceholder')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      hint={`${[...value.trim()].length}/${NOTE_MAX}`}
    />
  );
}

function UidList({
  adding,
  onAdding,
  onAdd,
  onDelete,
}: {
  adding: boolean;
  onAdding: (on: boolean) => void;
  onAdd: (body: { uid: string; note: string }) => void;
  onDelete: (entry: WhitelistUid) => void;
}) {
  const { t } = useTranslation();
  const list = useWhitelistUids();
  const { user } = useSession();
  const [uid, setUid] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string | null>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = { uid: uidError(uid, user?.uid ?? null, t), note: noteError(note, t) };
    setErrors(next);
    if (next.uid || next.note) return;
    onAdd({ uid: uid.trim(), note: note.trim() });
  };

  return (
    <section className="panel crypto-history">
      <div className="whitelist-head">
        <h2>{t('crypto.whitelist.uids')}</h2>
        {!adding && (
          <button
            type="button"
            className="button button--primary button--small"
            onClick={() => onAdding(true)}
          >
            {t('crypto.whitelist.addUid')}
          </button>
        )}
      </div>
      {adding && (
        <form
          className="form whitelist-form"
          onSubmit={submit}
          noValidate
          aria-label={t('crypto.whitelist.addUid')}
        >
          <TextField
            label={t('crypto.transfer.uid')}
            name="uid"
            inputMode="numeric"
            autoComplete="off"
            value={uid}
            onChange={(e) => setUid(e.target.value.replace(/\s/g, ''))}
            error={errors.uid}
          />
          <NoteField value={note} onChange={setNote} error={errors.note ?? null} />
          <div className="crypto-stepup__actions">
            <button type="button" className="button button--ghost" onClick={() => onAdding(false)}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="button button--primary">
              {t('crypto.whitelist.save')}
            </button>
          </div>
        </form>
      )}
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState
          title={t('crypto.whitelist.loadFailed')}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.length === 0 ? (
        <EmptyState title={t('crypto.whitelist.emptyUids')} />
      ) : (
        <table className="data-table data-table--stack" aria-label={t('crypto.whitelist.uids')}>
          <thead>
            <tr>
              <th scope="col">{t('crypto.whitelist.note')}</th>
              <th scope="col">{t('crypto.table.counterparty')}</th>
              <th scope="col">{t('crypto.table.state')}</th>
              <th scope="col">{t('crypto.table.action')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((w) => (
              <tr key={w.id} data-entry={w.id}>
                <th scope="row">{w.note}</th>
                <td data-label={t('crypto.table.counterparty')}>{w.uid}</td>
                <td data-label={t('crypto.table.state')}>
                  <UsableBadge entry={w} />
                </td>
                <td className="data-table__action">
                  <button
                    type="button"
                    className="button button--small button--ghost"
                    onClick={() => onDelete(w)}
                  >
                    {t('crypto.whitelist.delete')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
