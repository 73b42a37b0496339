import {
  CRYPTO_WALLET_PATHS,
  KYC_ENDPOINTS,
  SECURITY_PATHS,
  STORAGE_KEYS,
  WALLET_PATHS,
  WITHDRAWAL_PATHS,
  toChecksumAddress,
  type AssetNetwork,
  type CryptoDeposit,
  type SecurityStatus,
  type Withdrawal,
  type WithdrawalPreview,
} from '@exchange/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ASSETS_PATH } from '../../lib/catalogue';
import { startSession } from '../../lib/session';
import { updateSettings } from '../../lib/settings';
import { makeUser } from '../../test/fixtures';
import { fail, fakeSocket, ok, renderApp, resetApp } from '../../test/render';

const user = makeUser({ uid: '10001' });
const ADDRESS = toChecksumAddress(Uint8Array.from({ length: 20 }, (_, i) => i * 11 + 3));
const TO = toChecksumAddress(Uint8Array.from({ length: 20 }, (_, i) => 200 - i * 9));

beforeEach(() => {
  resetApp();
  startSession({ user });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const net = (over: Partial<AssetNetwork> = {}): AssetNetwork => ({
  asset: 'USDT',
  network: 'ETH',
  name: 'Ethereum (ERC20)',
  kind: 'EVM',
  tokenStandard: 'ERC20',
  contract: '0xdac17f958d2ee523a2206206994597c13d831ec7',
  depositEnabled: true,
  withdrawEnabled: true,
  coinStatus: 'STABLE',
  connection: 'CONNECTED',
  confirmations: 12,
  minDeposit: '1',
  minWithdrawal: '10',
  withdrawalGasFee: '1.5',
  chainDecimals: 6,
  canDeposit: true,
  canWithdraw: true,
  ...over,
});
const NETWORKS = [
  net(),
  net({ network: 'TRX', name: 'Tron (TRC20)', kind: 'TRON', coinStatus: 'MAINTENANCE' }),
  net({ asset: 'BTC', network: 'BTC', name: 'Bitcoin', kind: 'BITCOIN', chainDecimals: 8 }),
];
const deposit = (over: Partial<CryptoDeposit> = {}): CryptoDeposit => ({
  id: 'd1',
  asset: 'USDT',
  network: 'ETH',
  address: ADDRESS,
  txId: `0x${'ab'.repeat(32)}`,
  outputIndex: 0,
  amount: '250',
  state: 'CONFIRMING',
  confirmations: 3,
  confirmationsRequired: 12,
  reviewStartedAt: null,
  creditedAt: null,
  withdrawableAt: null,
  retryAt: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:00.000Z',
  ...over,
});
const page = <T,>(result: T[]) => ok({ pageNum: 1, pageSize: 10, result });
const security = (over: Partial<SecurityStatus> = {}): SecurityStatus => ({
  email: user.email,
  securityLevel: 2,
  verifications: ['EMAIL', 'GOOGLE_AUTHENTICATOR'],
  authenticatorLinked: true,
  authenticatorLinkedAt: '2026-11-01T00:00:00.000Z',
  hasPassword: true,
  lock: null,
  ...over,
});
const previewOf = (amount: string): WithdrawalPreview => ({
  asset: 'USDT',
  network: 'ETH',
  amount,
  feeRate: '0.01',
  feeRateEndsAt: null,
  fee: '1',
  gasFee: '1.5',
  received: '97.5',
  minAmount: '10',
  available: '500',
  withdrawable: '300',
  batchAt: null,
});
const bodyOf = (init?: RequestInit) =>
  JSON.parse(typeof init?.body === 'string' ? init.body : 'null') as Record<string, unknown>;

const base = {
  '/v1/user/profile': ok(user),
  [ASSETS_PATH]: ok([
    {
      code: 'USDT',
      name: 'Tether',
      decimals: 6,
      type: 'COIN',
      sign: null,
      status: 'ACTIVE',
      tags: ['real'],
      isMainFiat: false,
      isCommonFiat: false,
      marketCap: null,
    },
  ]),
  [CRYPTO_WALLET_PATHS.networks]: ok(NETWORKS),
  [CRYPTO_WALLET_PATHS.deposits]: page<CryptoDeposit>([]),
  [WITHDRAWAL_PATHS.withdrawals]: page<Withdrawal>([]),
  [WITHDRAWAL_PATHS.internalTransfers]: page([]),
  [WITHDRAWAL_PATHS.whitelistSettings]: ok({
    addressWhitelistOnly: false,
    uidWhitelistOnly: false,
    coolingHours: 24,
  }),
  [WITHDRAWAL_PATHS.whitelistAddresses]: ok([]),
  [WITHDRAWAL_PATHS.whitelistUids]: ok([]),
  [SECURITY_PATHS.status]: ok(security()),
  [WALLET_PATHS.balances]: ok([{ asset: 'USDT', available: '500', frozen: '0', total: '500' }]),
};

const chooseNetwork = async (name: string) =>
  fireEvent.click(await screen.findByRole('radio', { name: new RegExp(name) }));

describe('/cryptoChannel deposit', () => {
  it('shows the networks with their coin status, and why one under maintenance gives no address', async () => {
    const { fetch } = renderApp('/cryptoChannel?coin=USDT', base);
    const tron = (await screen.findByRole('radio', { name: /Tron/ })).closest('label')!;
    expect(within(tron).getByTestId('coin-status').textContent).toBe('Under maintenance');
    fireEvent.click(within(tron).getByRole('radio'));
    expect((await screen.findByTestId('network-blocked')).textContent).toBe(
      'Tron (TRC20) is under maintenance: depositing is paused until it is back.',
    );
    expect(screen.queryByTestId('deposit-address')).toBeNull();
    expect(fetch.mock.calls.some(([u]) => String(u).includes('deposit/address'))).toBe(false);
  });

  it('gives the address with its QR code, copy, minimum and confirmations', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp('/cryptoChannel?coin=USDT', {
      ...base,
      [CRYPTO_WALLET_PATHS.depositAddress]: (url) => {
        expect(url.searchParams.get('asset')).toBe('USDT');
        expect(url.searchParams.get('network')).toBe('ETH');
        return ok({
          asset: 'USDT',
          network: 'ETH',
          kind: 'EVM',
          address: ADDRESS,
          memo: null,
          minDeposit: '1',
          confirmations: 12,
        });
      },
    });
    await chooseNetwork('Ethereum');
    expect((await screen.findByTestId('deposit-address')).textContent).toBe(ADDRESS);
    expect(screen.getByTestId('deposit-minimum').textContent).toBe('1 USDT');
    expect(screen.getByTestId('deposit-confirmations').textContent).toBe('12');
    expect(
      screen.getByText('Credited after 12 confirmations and a 1-2 minute review.'),
    ).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Copy address' }));
    await screen.findByRole('button', { name: 'Copied' });
    expect(writeText).toHaveBeenCalledWith(ADDRESS);
    expect(localStorage.getItem(STORAGE_KEYS.networkName)).toBe('"ETH"');
  });

  it('shows each guidance step once: dismissed, it stays away (depositGuide)', async () => {
    const first = renderApp('/cryptoChannel', base);
    expect(await screen.findByTestId('guide-flow')).toBeDefined();
    fireEvent.click(
      within(screen.getByTestId('guide-netWork')).getByRole('button', { name: 'Got it' }),
    );
    await waitFor(() => expect(screen.queryByTestId('guide-netWork')).toBeNull());
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.depositGuide) ?? '{}')).toMatchObject({
      netWork: true,
      flow: false,
    });
    first.unmount();
    renderApp('/cryptoChannel', base);
    expect(await screen.findByTestId('guide-flow')).toBeDefined();
    expect(screen.queryByTestId('guide-netWork')).toBeNull();
  });

  it('moves a deposit from confirming to review to available as the socket says', async () => {
    let current = deposit();
    const { socket, push } = fakeSocket();
    renderApp(
      '/cryptoChannel',
      { ...base, [CRYPTO_WALLET_PATHS.deposits]: () => page([current]) },
      { socket },
    );
    const state = () => screen.getByTestId('deposit-state').textContent;
    await screen.findByTestId('deposit-state');
    expect(state()).toBe('Confirming 3/12');
    current = deposit({ state: 'UNAVAILABLE', confirmations: 12 });
    push('cryptoDeposit', current);
    await waitFor(() => expect(state()).toBe('Under review'));
    current = deposit({ state: 'AVAILABLE', confirmations: 12 });
    push('cryptoDeposit', current);
    await waitFor(() => expect(state()).toBe('Available'));
  });

  it('offers to retry a delayed review once its time has come', async () => {
    const retry = vi.fn(() => ok(deposit({ state: 'UNAVAILABLE' })));
    renderApp('/cryptoChannel', {
      ...base,
      [CRYPTO_WALLET_PATHS.deposits]: page([
        deposit({ state: 'DELAYED', retryAt: '2020-01-01T00:00:00.000Z' }),
      ]),
      '/v1/wallet/crypto/deposits/d1/retry': retry,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(retry).toHaveBeenCalled());
  });

  it('is for Real mode only, and for verified accounts', async () => {
    updateSettings({ runtimeMode: 1 });
    const demo = renderApp('/cryptoChannel', base);
    expect(await screen.findByTestId('real-only')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Switch to Real' }));
    await screen.findByRole('radio', { name: /Ethereum/ });
    demo.unmount();
    renderApp('/cryptoChannel', { ...base, '/v1/user/profile': ok({ ...user, kycLevel: 0 }) });
    expect((await screen.findByTestId('kyc-needed')).textContent).toContain(
      'Customers without identity verification cannot use this feature.',
    );
  });
});

describe('/cryptoChannel withdraw', () => {
  const open = (answers = {}) =>
    renderApp('/cryptoChannel?tab=withdraw&coin=USDT', {
      ...base,
      [WITHDRAWAL_PATHS.withdrawalPreview]: (_u: URL, init?: RequestInit) =>
        ok(previewOf(String(bodyOf(init).amount))),
      ...answers,
    });

  it('previews the 1 % fee, the network fee and the amount received as the amount is typed', async () => {
    open();
    await chooseNetwork('Ethereum');
    expect((await screen.findByTestId('withdraw-available')).textContent).toBe(
      'Available: 300 USDT',
    );
    expect(screen.getByText('200 USDT from recent deposits can be withdrawn later.')).toBeDefined();
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '100' } });
    expect(screen.getByText('Fee (limited-time 1%)')).toBeDefined();
    expect(screen.getByTestId('preview-fee').textContent).toBe('1 USDT');
    expect(screen.getByTestId('preview-gas').textContent).toBe('1.5 USDT');
    expect(screen.getByTestId('preview-receive').textContent).toBe('97.5 USDT');
    fireEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(screen.getByLabelText<HTMLInputElement>('Amount').value).toBe('300');
    expect(screen.getByTestId('preview-receive').textContent).toBe('295.5 USDT');
  });

  it('checks the address checksum, the minimum and the balance before anything is sent', async () => {
    const { fetch } = open();
    await chooseNetwork('Ethereum');
    await screen.findByTestId('withdraw-available');
    const broken = `${TO.slice(0, -1)}${TO.endsWith('a') ? 'b' : 'a'}`;
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: broken } });
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('The address format is incorrect.')).toBeDefined();
    expect(screen.getByText('The minimum is 10 USDT.')).toBeDefined();
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '301' } });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Insufficient available balance.')).toBeDefined();
    const previews = fetch.mock.calls.filter(([u]) => String(u).endsWith('/preview'));
    // Only the terms of the network were asked for (with the minimum), never the typed amounts.
    expect(previews.every(([, init]) => bodyOf(init).amount === '10')).toBe(true);
    expect(fetch.mock.calls.some(([u]) => String(u).endsWith('/v1/wallet/withdrawals'))).toBe(
      false,
    );
  });

  it('confirms with the server preview, the Google and e-mail codes, then sends one request', async () => {
    const create = vi.fn((_u: URL, init?: RequestInit) => {
      const body = bodyOf(init);
      return ok({
        id: 'w1',
        asset: 'USDT',
        network: 'ETH',
        address: body.address,
        memo: null,
        amount: body.amount,
        fee: '1',
        gasFee: '1.5',
        received: '97.5',
        status: 'REVIEW',
        txId: null,
        reason: null,
        batchAt: null,
        createdAt: '2026-11-24T10:00:00.000Z',
        updatedAt: '2026-11-24T10:00:00.000Z',
        completedAt: null,
      });
    });
    const { fetch } = open({
      [WITHDRAWAL_PATHS.withdrawals]: (u: URL, init?: RequestInit) =>
        init?.method === 'POST' ? create(u, init) : page([]),
    });
    await chooseNetwork('Ethereum');
    await screen.findByTestId('withdraw-available');
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: TO } });
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm the withdrawal' }));
    expect(dialog.getByTestId('confirm-fee').textContent).toBe('1 USDT');
    expect(dialog.getByTestId('confirm-receive').textContent).toBe('97.5 USDT');
    fireEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await dialog.findByText('The Google verification code must be 6 digits.')).toBeDefined();
    expect(create).not.toHaveBeenCalled();
    fireEvent.change(dialog.getByLabelText('Google verification code'), {
      target: { value: '123456' },
    });
    fireEvent.change(dialog.getByLabelText('E-mail verification code'), {
      target: { value: '654321' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    const body = bodyOf(create.mock.calls[0]?.[1]);
    expect(body).toMatchObject({
      asset: 'USDT',
      network: 'ETH',
      address: TO,
      amount: '100',
      googleCode: '123456',
      emailCode: '654321',
    });
    expect(String(body.clientRequestId).length).toBeGreaterThanOrEqual(8);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch.mock.calls.filter(([u]) => String(u).endsWith('/email-code'))).toHaveLength(0);
  });

  it('says before the form is filled in that a missing Authenticator or the 24-hour lock stops a withdrawal', async () => {
    const first = open({ [SECURITY_PATHS.status]: ok(security({ authenticatorLinked: false })) });
    await chooseNetwork('Ethereum');
    await screen.findByTestId('withdraw-available');
    const none = await screen.findByTestId('no-authenticator');
    expect(none.textContent).toContain('Please bind Google Authenticator first');
    expect(within(none).getByRole('link').getAttribute('href')).toBe('/accountCenter/security');
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: TO } });
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '100' } });
    const withdraw = screen.getByRole<HTMLButtonElement>('button', { name: 'Withdraw' });
    expect(withdraw.disabled).toBe(true);
    fireEvent.click(withdraw);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByLabelText('Google verification code')).toBeNull();
    first.unmount();
    open({
      [SECURITY_PATHS.status]: ok(
        security({ lock: { lockedUntil: '2030-01-02T03:04:00.000Z', remainingMinutes: 600 } }),
      ),
    });
    await chooseNetwork('Ethereum');
    await screen.findByTestId('withdraw-available');
    expect((await screen.findByTestId('security-lock')).textContent).toContain('2030');
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: TO } });
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '100' } });
    await waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Withdraw' }).disabled).toBe(
        true,
      ),
    );
  });

  it('with "whitelisted only" on says so, and a refusal links to the whitelist', async () => {
    open({
      [WITHDRAWAL_PATHS.whitelistSettings]: ok({
        addressWhitelistOnly: true,
        uidWhitelistOnly: false,
        coolingHours: 24,
      }),
      [WITHDRAWAL_PATHS.whitelistAddresses]: ok([
        {
          id: 'a1',
          asset: 'USDT',
          network: 'ETH',
          address: TO,
          memo: null,
          note: 'Cold wallet',
          createdAt: '2026-11-20T00:00:00.000Z',
          usableFrom: '2026-11-21T00:00:00.000Z',
          usable: true,
        },
      ]),
      [WITHDRAWAL_PATHS.withdrawals]: (_u: URL, init?: RequestInit) =>
        init?.method === 'POST'
          ? fail('5206', 'Only whitelisted addresses can be used.')
          : page([]),
    });
    await chooseNetwork('Ethereum');
    expect((await screen.findByTestId('whitelist-only')).textContent).toContain(
      'Only whitelisted addresses are allowed',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Whitelist' }));
    fireEvent.click(await screen.findByRole('button', { name: /Cold wallet/ }));
    expect(screen.getByLabelText<HTMLInputElement>('Address').value).toBe(TO);
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm the withdrawal' }));
    fireEvent.change(dialog.getByLabelText('Google verification code'), {
      target: { value: '123456' },
    });
    fireEvent.change(dialog.getByLabelText('E-mail verification code'), {
      target: { value: '654321' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    const error = await dialog.findByTestId('step-up-error');
    expect(error.textContent).toContain('Only whitelisted addresses can be used');
    expect(within(error).getByRole('link', { name: 'Open the whitelist' })).toBeDefined();
  });

  it('shows withdrawal states and lets one under review be cancelled', async () => {
    const w = (status: Withdrawal['status']): Withdrawal => ({
      id: `w-${status}`,
      asset: 'USDT',
      network: 'ETH',
      address: TO,
      memo: null,
      amount: '100',
      fee: '1',
      gasFee: '1.5',
      received: '97.5',
      status,
      txId: status === 'COMPLETED' ? `0x${'cd'.repeat(32)}` : null,
      reason: null,
      batchAt: null,
      createdAt: '2026-11-24T10:00:00.000Z',
      updatedAt: '2026-11-24T10:00:00.000Z',
      completedAt: null,
    });
    const cancel = vi.fn(() => ok(w('CANCELLED')));
    open({
      [WITHDRAWAL_PATHS.withdrawals]: page([w('REVIEW'), w('COMPLETED'), w('REFUSED')]),
      '/v1/wallet/withdrawals/w-REVIEW/cancel': cancel,
    });
    const history = await screen.findByTestId('withdrawal-history');
    await within(history).findByText('Under review');
    expect(within(history).getByText('Completed')).toBeDefined();
    expect(within(history).getByText('Refused, funds returned')).toBeDefined();
    const buttons = within(history).getAllByRole('button', { name: 'Cancel' });
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0]!);
    await waitFor(() => expect(cancel).toHaveBeenCalled());
  });
});

describe('/cryptoChannel transfer by UID', () => {
  it('refuses the user’s own UID, then sends the transfer with the codes', async () => {
    const create = vi.fn((_u: URL, init?: RequestInit) => {
      const b = bodyOf(init);
      return ok({
        id: 't1',
        direction: 'OUT',
        counterpartyUid: b.uid,
        asset: b.asset,
        amount: b.amount,
        status: 'COMPLETED',
        createdAt: '2026-11-24T10:00:00.000Z',
      });
    });
    renderApp('/cryptoChannel?tab=transfer&coin=USDT', {
      ...base,
      [WITHDRAWAL_PATHS.internalTransfers]: (u: URL, init?: RequestInit) =>
        init?.method === 'POST' ? create(u, init) : page([]),
    });
    expect((await screen.findByTestId('transfer-available')).textContent).toBe(
      'Available: 500 USDT',
    );
    fireEvent.change(screen.getByLabelText('Recipient UID'), { target: { value: '10001' } });
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('This is your own UID.')).toBeDefined();
    fireEvent.change(screen.getByLabelText('Recipient UID'), { target: { value: '10002' } });
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm the transfer' }));
    fireEvent.change(dialog.getByLabelText('Google verification code'), {
      target: { value: '111111' },
    });
    fireEvent.change(dialog.getByLabelText('E-mail verification code'), {
      target: { value: '222222' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(bodyOf(create.mock.calls[0]?.[1])).toMatchObject({
      uid: '10002',
      asset: 'USDT',
      amount: '25',
      googleCode: '111111',
      emailCode: '222222',
    });
  });
});

describe('/accountCenter/address', () => {
  it('checks the note before asking for codes, then adds the address with them', async () => {
    const add = vi.fn((_u: URL, _init?: RequestInit) => ok({}));
    renderApp('/accountCenter/address', {
      ...base,
      [WITHDRAWAL_PATHS.whitelistAddresses]: (u: URL, init?: RequestInit) =>
        init?.method === 'POST' ? add(u, init) : ok([]),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add address' }));
    const form = within(await screen.findByRole('form', { name: 'Add address' }));
    fireEvent.change(form.getByLabelText('Address'), { target: { value: TO } });
    fireEvent.change(form.getByLabelText('Note'), { target: { value: 'x' } });
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Please enter 2-30 character Note.')).toBeDefined();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.change(form.getByLabelText('Note'), { target: { value: 'Cold wallet' } });
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add to the whitelist' }));
    fireEvent.change(dialog.getByLabelText('Google verification code'), {
      target: { value: '123456' },
    });
    fireEvent.change(dialog.getByLabelText('E-mail verification code'), {
      target: { value: '654321' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(add).toHaveBeenCalledTimes(1));
    expect(bodyOf(add.mock.calls[0]?.[1])).toEqual({
      asset: 'USDT',
      network: 'ETH',
      address: TO,
      note: 'Cold wallet',
      googleCode: '123456',
      emailCode: '654321',
    });
  });

  it('shows the cooling period; turning "whitelisted only" on is free, off needs the codes', async () => {
    const save = vi.fn((_u: URL, init?: RequestInit) =>
      ok({
        addressWhitelistOnly: bodyOf(init).addressWhitelistOnly,
        uidWhitelistOnly: false,
        coolingHours: 24,
      }),
    );
    let only = false;
    renderApp('/accountCenter/address', {
      ...base,
      [WITHDRAWAL_PATHS.whitelistAddresses]: ok([
        {
          id: 'a1',
          asset: 'USDT',
          network: 'ETH',
          address: TO,
          memo: null,
          note: 'New wallet',
          createdAt: '2026-11-24T00:00:00.000Z',
          usableFrom: '2030-11-25T00:00:00.000Z',
          usable: false,
        },
      ]),
      [WITHDRAWAL_PATHS.whitelistSettings]: (u: URL, init?: RequestInit) => {
        if (init?.method === 'PUT') {
          only = Boolean(bodyOf(init).addressWhitelistOnly);
          return save(u, init);
        }
        return ok({ addressWhitelistOnly: only, uidWhitelistOnly: false, coolingHours: 24 });
      },
    });
    expect((await screen.findByTestId('cooling')).textContent).toContain('Usable from 2030-11-');
    expect(screen.getByText(/A new entry can be used 24 hours after it is added/)).toBeDefined();
    const toggle = screen.getByRole('switch', { name: 'Withdraw to whitelisted addresses only' });
    fireEvent.click(toggle);
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(bodyOf(save.mock.calls[0]?.[1])).toEqual({ addressWhitelistOnly: true });
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    fireEvent.click(toggle);
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Turn off "whitelisted only"' }),
    );
    expect(save).toHaveBeenCalledTimes(1);
    fireEvent.change(dialog.getByLabelText('Google verification code'), {
      target: { value: '123456' },
    });
    fireEvent.change(dialog.getByLabelText('E-mail verification code'), {
      target: { value: '654321' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(bodyOf(save.mock.calls[1]?.[1])).toEqual({
      addressWhitelistOnly: false,
      googleCode: '123456',
      emailCode: '654321',
    });
  });

  it('adds a UID (not one’s own) and deletes an entry, each with the codes', async () => {
    const addUid = vi.fn((_u: URL, _init?: RequestInit) =>
      ok({
        id: 'u10',
        uid: '10002',
        note: 'Me',
        createdAt: '2026-11-24T00:00:00.000Z',
        usableFrom: '2026-11-25T00:00:00.000Z',
        usable: false,
      }),
    );
    const remove = vi.fn((_u: URL, _init?: RequestInit) => ok(null));
    renderApp('/accountCenter/address?tab=uids', {
      ...base,
      [WITHDRAWAL_PATHS.whitelistUids]: (u: URL, init?: RequestInit) =>
        init?.method === 'POST'
          ? addUid(u, init)
          : ok([
              {
                id: 'u9',
                uid: '10009',
                note: 'Bob',
                createdAt: '2026-11-20T00:00:00.000Z',
                usableFrom: '2026-11-21T00:00:00.000Z',
                usable: true,
              },
            ]),
      '/v1/wallet/whitelist/uids/u9/delete': remove,
    });
    const codes = async (name: string) => {
      const dialog = within(await screen.findByRole('dialog', { name }));
      fireEvent.change(dialog.getByLabelText('Google verification code'), {
        target: { value: '123456' },
      });
      fireEvent.change(dialog.getByLabelText('E-mail verification code'), {
        target: { value: '654321' },
      });
      fireEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    };
    fireEvent.click(await screen.findByRole('button', { name: 'Add UID' }));
    const form = within(await screen.findByRole('form', { name: 'Add UID' }));
    fireEvent.change(form.getByLabelText('Recipient UID'), { target: { value: '10001' } });
    fireEvent.change(form.getByLabelText('Note'), { target: { value: 'Me' } });
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('This is your own UID.')).toBeDefined();
    fireEvent.change(form.getByLabelText('Recipient UID'), { target: { value: '10002' } });
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    await codes('Add to the whitelist');
    await waitFor(() => expect(addUid).toHaveBeenCalledTimes(1));
    expect(bodyOf(addUid.mock.calls[0]?.[1])).toEqual({
      uid: '10002',
      note: 'Me',
      googleCode: '123456',
      emailCode: '654321',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = (await screen.findByText('10009')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    await codes('Delete from the whitelist');
    await waitFor(() => expect(remove).toHaveBeenCalledTimes(1));
    expect(bodyOf(remove.mock.calls[0]?.[1])).toEqual({
      googleCode: '123456',
      emailCode: '654321',
    });
  });
});

describe('an opted-out account', () => {
  it('sees its 24-hour limit and what remains above each limited form, and the forms themselves', async () => {
    const optedOut = makeUser({ uid: '10001', kycLevel: -1 });
    startSession({ user: optedOut });
    const budgets = (remaining: Record<string, string>) =>
      ok(
        [
          'SPOT_TRADE',
          'CRYPTO_DEPOSIT',
          'CRYPTO_WITHDRAWAL',
          'FOREIGN_EXCHANGE',
          'FLASH_REMITTANCE',
          'INTERNAL_TRANSFER',
        ].map((permission) => ({
          permission,
          limitUsd: '1000',
          usedUsd: '0',
          remainingUsd: remaining[permission] ?? '1000',
        })),
      );
    renderApp('/cryptoChannel?tab=withdraw&coin=USDT', {
      ...base,
      '/v1/user/profile': ok(optedOut),
      [KYC_ENDPOINTS.optedOutLimits.path]: budgets({ CRYPTO_WITHDRAWAL: '400' }),
    });
    const note = await screen.findByTestId('opted-out-limit');
    await waitFor(() =>
      expect(note.textContent).toBe(
        'Without identity verification, crypto withdrawal is limited to 1,000 USD per 24 hours. 400 USD remain.',
      ),
    );
    expect(screen.queryByTestId('kyc-needed')).toBeNull();
  });
});
