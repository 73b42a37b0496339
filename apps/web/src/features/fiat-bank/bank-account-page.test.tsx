import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PARTNER_BANK_DETAILS, type PartnerBankAccountView } from '@exchange/contracts';
import { startSession } from '../../lib/session';
import { makeUser } from '../../test/fixtures';
import { fail, fakeSocket, ok, renderApp, resetApp } from '../../test/render';

beforeEach(resetApp);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const PATH = '/accountCenter/identity/bankAccount';

const view = (over: Partial<PartnerBankAccountView> = {}): PartnerBankAccountView => ({
  state: 'NONE',
  currencies: ['USD', 'EUR'],
  bank: { ...PARTNER_BANK_DETAILS },
  failureReason: null,
  activatedAt: null,
  accountNumber: null,
  accountName: null,
  ekyc: null,
  canRegenerateLink: false,
  openedAt: null,
  fees: { currency: 'USD', opening: '20', monthly: '5', owed: '0', history: [] },
  ...over,
});

function as(account: PartnerBankAccountView | null, kycLevel = 1) {
  const user = makeUser({ kycLevel });
  startSession({ user });
  return {
    '/v1/user/profile': ok(user),
    ...(account ? { '/v1/fiat/bank-account': ok(account) } : {}),
  };
}

/** The gateway's account: what the last action answered is what the next read answers. */
function gateway(first: PartnerBankAccountView, after: PartnerBankAccountView, action: string) {
  let current = first;
  return {
    '/v1/fiat/bank-account': () => ok(current),
    [`/v1/fiat/bank-account/${action}`]: () => {
      current = after;
      return ok(after);
    },
  };
}

describe('partner bank account page', () => {
  it('shows the fees first and opens only once they are agreed', async () => {
    const opening = view({ state: 'OPENING' });
    const { fetch } = renderApp(PATH, { ...as(null), ...gateway(view(), opening, 'open') });
    expect((await screen.findAllByText('20 USD, once')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('5 USD per month').length).toBeGreaterThan(0);
    const open = screen.getByTestId<HTMLButtonElement>('bank-open');
    expect(open.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('bank-agree'));
    fireEvent.click(open);
    expect(await screen.findByText('The bank is opening your account…')).toBeDefined();
    expect(fetch.mock.calls.some(([href]) => String(href).endsWith('/bank-account/open'))).toBe(
      true,
    );
  });

  it('explains a refusal and offers a new application', async () => {
    renderApp(
      PATH,
      as(
        view({ state: 'OPEN_FAILED', failureReason: 'The name does not match the bank records.' }),
      ),
    );
    expect(
      await screen.findByText(
        'The bank could not open your account: The name does not match the bank records.',
      ),
    ).toBeDefined();
    expect(screen.getByRole('button', { name: 'Apply again' })).toBeDefined();
  });

  it('says an expired link must be regenerated, and regenerates it', async () => {
    const fresh = view({
      state: 'EKYC_PENDING',
      accountNumber: '3920123456785',
      accountName: 'ADA LOVELACE',
      ekyc: {
        url: 'http://bank.test/ekyc/new',
        expiresAt: '2026-11-24T12:00:00.000Z',
        expired: false,
      },
    });
    renderApp(PATH, {
      ...as(null),
      ...gateway(
        view({
          state: 'EKYC_PENDING',
          accountNumber: '3920123456785',
          accountName: 'ADA LOVELACE',
          ekyc: {
            url: 'http://bank.test/ekyc/old',
            expiresAt: '2026-11-24T10:00:00.000Z',
            expired: true,
          },
          canRegenerateLink: true,
        }),
        fresh,
        'ekyc-link',
      ),
    });
    expect(
      await screen.findByText('Link expired or verification failed, regenerate the link.'),
    ).toBeDefined();
    expect(screen.getByTestId('bank-account-number').textContent).toBe('3920123456785');
    // One click: a tab opens inside the click and goes to the new link when it arrives.
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate link' }));
    const link = await screen.findByTestId('ekyc-continue');
    expect(link.getAttribute('href')).toBe('http://bank.test/ekyc/new');
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe('http://bank.test/ekyc/new'));
    expect(tab.opener).toBeNull();
    expect(tab.close).not.toHaveBeenCalled();
  });

  it('shows an e-KYC failure with its reason and the regenerate button', async () => {
    renderApp(
      PATH,
      as(
        view({
          state: 'EKYC_FAILED',
          accountNumber: '3920123456785',
          failureReason: 'The identity check did not match.',
          canRegenerateLink: true,
        }),
      ),
    );
    expect(
      await screen.findByText(
        'The bank could not confirm your identity: The identity check did not match.',
      ),
    ).toBeDefined();
    expect(screen.getByRole('button', { name: 'Regenerate link' })).toBeDefined();
  });

  it('turns active when the bankAccount channel says so', async () => {
    const socket = fakeSocket();
    renderApp(PATH, as(view({ state: 'EKYC_PENDING', accountNumber: '3920123456785' })), {
      socket: socket.socket,
    });
    await screen.findByRole('button', { name: 'Get e-KYC link' });
    socket.push('bankAccount', {
      ...view({ state: 'ACTIVE', accountNumber: '3920123456785' }),
      activatedAt: '2026-11-24T10:30:00.000Z',
    });
    await waitFor(() => expect(screen.getByText('Your bank account is active')).toBeDefined());
  });

  it('asks an unverified user to verify first, and tells an opted-out user why not', async () => {
    const { fetch } = renderApp(PATH, as(null, 0));
    expect(await screen.findByText('Identity verification required')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Go to verification' })).toBeDefined();
    expect(fetch.mock.calls.some(([href]) => String(href).includes('/fiat/bank-account'))).toBe(
      false,
    );
    cleanup();
    renderApp(PATH, as(null, -1));
    expect(
      await screen.findByText('Customers without identity verification cannot use this feature.'),
    ).toBeDefined();
  });

  it('shows what the gateway answers when the account cannot be read', async () => {
    renderApp(PATH, {
      ...as(null, 1),
      '/v1/fiat/bank-account': fail(
        '6010',
        'The partner bank did not answer, try again later.',
        503,
      ),
    });
    expect(
      await screen.findByText('The partner bank did not answer, try again later.'),
    ).toBeDefined();
  });
});
