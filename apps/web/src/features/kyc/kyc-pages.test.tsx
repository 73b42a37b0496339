import { KYC_ACCOUNT_STORE } from './lib/draft-store';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session';
import { makeUser } from '../../test/fixtures';
import { ok, renderApp, resetApp } from '../../test/render';

beforeEach(resetApp);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const application = (over: Record<string, unknown> = {}) => ({
  id: 'a1',
  kind: 'INDIVIDUAL',
  status: 'NOT_SUBMITTED',
  level: 0,
  reason: null,
  canSubmit: true,
  steps: [
    { step: 'BASIC', state: 'PENDING' },
    { step: 'ADVANCED', state: 'PENDING' },
  ],
  submittedAt: null,
  decidedAt: null,
  ...over,
});

function as(user = makeUser({ kycLevel: 0, kycPermissions: [] }), app = application()) {
  startSession({ user });
  return {
    '/v1/user/profile': ok(user),
    '/v1/kyc/application': ok(app),
    '/v1/kyc/individual/draft': ok(null),
    '/v1/kyc/institution/draft': ok(null),
  };
}

const field = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

describe('individual verification page', () => {
  it('shows each field’s message when the basic step is sent empty, and sends nothing', async () => {
    const { fetch } = renderApp('/accountCenter/identity/individualKyc', as());
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('First name cannot be empty.')).toBeDefined();
    expect(screen.getByText('Last name cannot be empty.')).toBeDefined();
    expect(screen.getByText('Living address: City cannot be empty.')).toBeDefined();
    expect(screen.queryByText(/Middle name cannot/)).toBeNull();
    const sent = fetch.mock.calls.filter(([href]) => String(href).includes('/individual/basic'));
    expect(sent).toHaveLength(0);
  });

  it('refuses a US resident with the clear message and checks English-only names', async () => {
    renderApp('/accountCenter/identity/individualKyc', as());
    await screen.findByRole('button', { name: 'Next' });
    type('country', 'US');
    type('firstName', 'Ada ①');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText(
        'Identity verification is not available to residents of Mainland China or the United States.',
      ),
    ).toBeDefined();
    expect(screen.getByText(/First name only accepts English letters/)).toBeDefined();
  });

  it('keeps what was typed in kycAccountStore, so a reload loses nothing', async () => {
    renderApp('/accountCenter/identity/individualKyc', as());
    await screen.findByRole('button', { name: 'Next' });
    type('firstName', 'Ada');
    fireEvent.click(screen.getByLabelText('Mailing address is the same as the living address'));
    const stored = JSON.parse(localStorage.getItem(KYC_ACCOUNT_STORE) ?? '{}') as {
      owner: string;
      basicInfo: { firstName: string; mailingSameAsLiving: boolean };
    };
    expect(stored.owner).toBe('u1');
    expect(stored.basicInfo).toMatchObject({ firstName: 'Ada', mailingSameAsLiving: false });
    cleanup();
    renderApp('/accountCenter/identity/individualKyc', as());
    await screen.findByRole('button', { name: 'Next' });
    expect(field('firstName').value).toBe('Ada');
    expect(screen.getByRole('heading', { name: 'Mailing address' })).toBeDefined();
  });

  it('sends the advanced step and opens the centre, which shows the review', async () => {
    const file = (id: string) => ({ id, name: `${id}.png`, mime: 'image/png', size: 10 });
    localStorage.setItem(
      KYC_ACCOUNT_STORE,
      JSON.stringify({
        owner: 'u1',
        kind: 'INDIVIDUAL',
        step: 1,
        basicInfo: {},
        advancedInfo: {
          idType: 'ID_CARD',
          idNumber: 'A1234567',
          validLongTerm: true,
          addressProof: [file('p')],
          idFront: [file('f')],
          idBack: [file('b')],
          holdingId: [file('h')],
        },
      }),
    );
    let sent: unknown = null;
    const answers = {
      ...as(),
      '/v1/kyc/individual/advanced': (_url: URL, init?: RequestInit) => {
        // The api client always sends the body as JSON text.
        sent = JSON.parse(typeof init?.body === 'string' ? init.body : 'null');
        return ok(application({ status: 'AFOOT' }));
      },
    };
    const { router } = renderApp('/accountCenter/identity/individualKyc', answers);
    fireEvent.click(await screen.findByRole('button', { name: 'Submit for review' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/accountCenter/identity'));
    expect(sent).toMatchObject({
      idType: 'ID_CARD',
      idNumber: 'A1234567',
      validLongTerm: true,
      idFrontFileIds: ['f'],
      holdingIdFileIds: ['h'],
    });
    expect(await screen.findByText('Under review')).toBeDefined();
    expect(localStorage.getItem(KYC_ACCOUNT_STORE)).toBeNull();
  });

  it('opens the identity centre in a new tab for an individual on the institution page', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderApp('/accountCenter/identity/institutionKyc', as());
    expect(await screen.findByRole('heading', { name: /another account type/ })).toBeDefined();
    // Opened by an effect, which may run after the heading shows (a loaded machine shows it).
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('/accountCenter/identity', '_blank', 'noopener'),
    );
    expect(document.querySelector('form')).toBeNull();
  });
});

describe('institution verification page', () => {
  it('asks for an ID from a shareholder above 25 % before sending the documents', async () => {
    const user = makeUser({ entityType: 'INSTITUTION', kycLevel: 0, kycPermissions: [] });
    localStorage.setItem(
      KYC_ACCOUNT_STORE,
      JSON.stringify({
        owner: user.id,
        kind: 'INSTITUTION',
        step: 4,
        basicInfo: {},
        advancedInfo: {
          documents: {},
          shareholders: [{ name: 'Big Holder', ownershipPercent: '30', idFiles: [] }],
        },
      }),
    );
    const { fetch } = renderApp(
      '/accountCenter/identity/institutionKyc',
      as(user, application({ kind: 'INSTITUTION' })),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Submit for review' }));
    expect(
      await screen.findByText('Shareholders above 25% ownership need an ID document.'),
    ).toBeDefined();
    expect(screen.getByText('Shareholder ID')).toBeDefined();
    expect(fetch.mock.calls.some(([href]) => String(href).includes('/institution/documents'))).toBe(
      false,
    );
  });
});

describe('certification centre', () => {
  it('shows a rejection with its reason and the way to resubmit', async () => {
    renderApp(
      '/accountCenter/identity',
      as(undefined, application({ status: 'REJECT', reason: 'The photo is blurred' })),
    );
    expect(await screen.findByText('Rejected')).toBeDefined();
    expect(screen.getByText('Reason: The photo is blurred')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Resubmit' }).getAttribute('href')).toBe(
      '/accountCenter/identity/individualKyc',
    );
  });

  it('shows what each level unlocks and the institution’s steps with their states', async () => {
    const user = makeUser({ entityType: 'INSTITUTION', kycLevel: 0, kycPermissions: [] });
    renderApp(
      '/accountCenter/identity',
      as(
        user,
        application({
          kind: 'INSTITUTION',
          status: 'AFOOT',
          steps: [
            { step: 'BASIC_INFORMATION', state: 'SUBMITTED' },
            { step: 'DOCUMENTS', state: 'SUBMITTED' },
            { step: 'BANK_ACCOUNT', state: 'PENDING' },
            { step: 'DEPOSIT', state: 'PENDING' },
          ],
        }),
      ),
    );
    expect(await screen.findByText('Under review')).toBeDefined();
    const steps = screen.getByRole('list', { name: 'Steps of the institution' });
    expect(within(steps).getByText('Link a bank account').nextSibling?.textContent).toBe('Pending');
    expect(within(steps).getByText('Documents').nextSibling?.textContent).toBe('Submitted');
    const table = screen.getByRole('table');
    const spot = within(table).getByRole('rowheader', { name: 'Spot trade' }).parentElement!;
    expect(within(spot).getByText('Locked')).toBeDefined();
    expect(within(spot).getByText('Available')).toBeDefined();
  });

  it('reads the profile again when the review approves, so Spot Trade appears', async () => {
    const user = makeUser({ kycLevel: 0, kycPermissions: [] });
    let approved = false;
    const answers = {
      ...as(user),
      '/v1/kyc/application': () =>
        ok(application({ status: approved ? 'PASS' : 'AFOOT', level: approved ? 1 : 0 })),
      '/v1/user/profile': () =>
        ok(approved ? makeUser({ kycLevel: 1, kycPermissions: ['SPOT_TRADE'] }) : user),
    };
    renderApp('/accountCenter/identity', answers);
    expect(await screen.findByText('Under review')).toBeDefined();
    expect(screen.queryByRole('link', { name: 'Spot Trade' })).toBeNull();
    // The page reads the application again every 3 s while it is under review.
    approved = true;
    await waitFor(() => expect(screen.getByRole('link', { name: 'Spot Trade' })).toBeDefined(), {
      timeout: 6000,
    });
    expect(screen.getByText('Approved')).toBeDefined();
  });
});
