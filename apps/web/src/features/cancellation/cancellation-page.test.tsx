import type {
  CancellationCondition,
  CancellationPreview,
  CancellationView,
} from '@exchange/contracts';
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

const user = makeUser({ email: 'ada@example.com' });
const met = (key: CancellationCondition['key']): CancellationCondition => ({ key, met: true });
const allMet: CancellationCondition[] = [
  { key: 'NO_OPEN_ORDERS', met: true, openOrders: [] },
  { key: 'NO_PENDING_MONEY', met: true, pending: [] },
  { key: 'BALANCES_WITHDRAWN', met: true, balances: [] },
  met('AUTHENTICATOR_LINKED'),
  { key: 'NO_SECURITY_LOCK', met: true, lockedUntil: null },
];
const view = (over: Partial<CancellationView> = {}): CancellationView => ({
  id: '7d0b3c1e-4a55-4e39-9f0c-3a4f2b8f9a10',
  status: 'UNDER_REVIEW',
  reason: 'FEES',
  note: null,
  proofFileIds: [],
  submittedAt: '2030-03-01T07:00:00.000Z',
  decideAt: '2030-03-12T02:00:00.000Z',
  latestAt: '2030-03-22T10:00:00.000Z',
  decidedAt: null,
  withdrawnAt: null,
  failureReason: null,
  failedConditions: [],
  reviewerNote: null,
  ...over,
});
const preview = (over: Partial<CancellationPreview> = {}): CancellationPreview => ({
  conditions: allMet,
  canSubmit: true,
  current: null,
  ...over,
});
const bodyOf = (init?: RequestInit) =>
  JSON.parse(typeof init?.body === 'string' ? init.body : 'null') as unknown;
const PATH = '/accountCenter/security/cancellation';

describe('the account cancellation page', () => {
  it('explains each unmet condition, names what to fix and links to it, and blocks the request', async () => {
    startSession({ user });
    renderApp(PATH, {
      '/v1/user/profile': ok(user),
      '/v1/account/cancellation/preview': ok(
        preview({
          canSubmit: false,
          conditions: [
            { key: 'NO_OPEN_ORDERS', met: false, openOrders: [{ mode: 0, count: 2 }] },
            { key: 'NO_PENDING_MONEY', met: true, pending: [] },
            {
              key: 'BALANCES_WITHDRAWN',
              met: false,
              balances: [{ asset: 'USDT', amount: '25', dust: '1' }],
            },
            { key: 'AUTHENTICATOR_LINKED', met: false },
            { key: 'NO_SECURITY_LOCK', met: true, lockedUntil: null },
          ],
        }),
      ),
    });
    expect(await screen.findByRole('heading', { name: 'Account cancellation' })).toBeDefined();
    const orders = screen.getByTestId('condition-NO_OPEN_ORDERS');
    expect(orders.dataset.met).toBe('false');
    expect(orders.textContent).toContain('Cancel your open orders: 2 (Real).');
    expect(within(orders).getByRole('link', { name: 'Go to orders' }).getAttribute('href')).toBe(
      '/accountCenter/orders',
    );
    expect(screen.getByTestId('condition-BALANCES_WITHDRAWN').textContent).toContain('25 USDT (1)');
    expect(screen.getByTestId('condition-NO_PENDING_MONEY').dataset.met).toBe('true');
    expect(screen.getByTestId('condition-AUTHENTICATOR_LINKED').textContent).toContain(
      'Link Google Authenticator',
    );
    expect(screen.getByTestId<HTMLButtonElement>('cancellation-submit').disabled).toBe(true);
    expect(screen.getByText('Meet every condition above to submit a request.')).toBeDefined();
  });

  it('checks the form before sending, then sends the reason, note and codes', async () => {
    startSession({ user });
    const { fetch } = renderApp(PATH, {
      '/v1/user/profile': ok(user),
      '/v1/account/cancellation/preview': ok(preview()),
      '/v1/account/cancellation': ok(view({ reason: 'OTHER', note: 'Moving abroad' })),
    });
    const form = within(await screen.findByTestId('cancellation-form'));
    fireEvent.click(form.getByRole('button', { name: 'Submit request' }));
    expect(await form.findByText('Choose a reason.')).toBeDefined();
    expect(form.getByText('Please confirm that you understand.')).toBeDefined();
    fireEvent.click(form.getByLabelText('Other'));
    fireEvent.click(form.getByRole('button', { name: 'Submit request' }));
    expect(await form.findByText('Please enter a 2-100 character note.')).toBeDefined();
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/v1/account/cancellation'))).toBe(
      false,
    );

    fireEvent.change(form.getByLabelText('Note'), { target: { value: 'Moving abroad' } });
    fireEvent.change(form.getByLabelText('Google verification code'), {
      target: { value: '123456' },
    });
    fireEvent.change(form.getByLabelText('E-mail verification code'), {
      target: { value: '654321' },
    });
    fireEvent.click(form.getByRole('checkbox'));
    fireEvent.click(form.getByRole('button', { name: 'Submit request' }));
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(([url]) => String(url).endsWith('/v1/account/cancellation')),
      ).toBe(true),
    );
    const call = fetch.mock.calls.find(([url]) => String(url).endsWith('/v1/account/cancellation'));
    expect(bodyOf(call?.[1])).toEqual({
      reason: 'OTHER',
      note: 'Moving abroad',
      proofFileIds: [],
      googleCode: '123456',
      emailCode: '654321',
    });
  });

  it("shows the gateway's refusal naming the condition", async () => {
    startSession({ user });
    renderApp(PATH, {
      '/v1/user/profile': ok(user),
      '/v1/account/cancellation/preview': ok(preview()),
      '/v1/account/cancellation': {
        body: {
          code: '2100',
          data: { count: 1, conditions: ['NO_OPEN_ORDERS'] },
          message: 'Cancel your open orders first: 1 still open.',
        },
        status: 409,
      },
    });
    const form = within(await screen.findByTestId('cancellation-form'));
    fireEvent.click(form.getByLabelText('Fees are too high'));
    fireEvent.change(form.getByLabelText('Google verification code'), {
      target: { value: '123456' },
    });
    fireEvent.change(form.getByLabelText('E-mail verification code'), {
      target: { value: '654321' },
    });
    fireEvent.click(form.getByRole('checkbox'));
    fireEvent.click(form.getByRole('button', { name: 'Submit request' }));
    expect((await screen.findByTestId('cancellation-error')).textContent).toBe(
      'Cancel your open orders first: 1 still open.',
    );
  });

  it('under review shows the expected decision and withdraws the request after a confirmation', async () => {
    startSession({ user });
    let current: CancellationView = view();
    const { fetch } = renderApp(PATH, {
      '/v1/user/profile': ok(user),
      '/v1/account/cancellation/preview': () => ok(preview({ canSubmit: false, current })),
      '/v1/account/cancellation/withdraw': () => {
        current = view({ status: 'WITHDRAWN', withdrawnAt: '2030-03-02T07:00:00.000Z' });
        return ok(current);
      },
    });
    const review = await screen.findByTestId('cancellation-review');
    expect(review.textContent).toContain('Under review');
    expect(screen.getByTestId('cancellation-expected').textContent).toContain('2030');
    expect(screen.queryByTestId('cancellation-form')).toBeNull();
    fireEvent.click(screen.getByTestId('cancellation-withdraw'));
    fireEvent.click(await screen.findByTestId('cancellation-withdraw-confirm'));
    expect(await screen.findByTestId('cancellation-withdrawn')).toBeDefined();
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/withdraw'))).toBe(true);
    expect(screen.getByTestId('cancellation-form')).toBeDefined();
  });

  it('after a failed review says why and offers the form again', async () => {
    startSession({ user });
    renderApp(PATH, {
      '/v1/user/profile': ok(user),
      '/v1/account/cancellation/preview': ok(
        preview({
          current: view({
            status: 'FAILED',
            failureReason: 'CONDITIONS_NOT_MET',
            failedConditions: ['BALANCES_WITHDRAWN'],
          }),
        }),
      ),
    });
    const failed = await screen.findByTestId('cancellation-failed');
    expect(failed.textContent).toContain('Account cancellation failed');
    expect(failed.textContent).toContain('Balances withdrawn');
    expect(screen.getByTestId('cancellation-form')).toBeDefined();
  });

  it('is reached from the security settings', async () => {
    startSession({ user });
    const { router } = renderApp('/accountCenter/security', {
      '/v1/user/profile': ok(user),
      '/v1/security/status': ok({
        email: 'ada@example.com',
        securityLevel: 1,
        verifications: ['EMAIL'],
        authenticatorLinked: false,
        authenticatorLinkedAt: null,
        hasPassword: true,
        lock: null,
      }),
      '/v1/account/cancellation/preview': ok(preview()),
    });
    const entry = await screen.findByTestId('security-cancel');
    fireEvent.click(within(entry).getByRole('link', { name: 'Cancel account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(PATH));
  });
});
