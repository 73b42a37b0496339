import { STORAGE_KEYS, type SecurityStatus } from '@exchange/contracts';
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
const status = (over: Partial<SecurityStatus> = {}): SecurityStatus => ({
  email: 'ada@example.com',
  securityLevel: 1,
  verifications: ['EMAIL'],
  authenticatorLinked: false,
  authenticatorLinkedAt: null,
  hasPassword: true,
  lock: null,
  ...over,
});
const bodyOf = (init?: RequestInit) =>
  JSON.parse(typeof init?.body === 'string' ? init.body : 'null') as unknown;

describe('the security page', () => {
  it('shows each method, the level and the lock with its end', async () => {
    startSession({ user });
    renderApp('/accountCenter/security', {
      '/v1/user/profile': ok(user),
      '/v1/security/status': ok(
        status({
          securityLevel: 2,
          verifications: ['EMAIL', 'GOOGLE_AUTHENTICATOR'],
          authenticatorLinked: true,
          lock: { lockedUntil: '2030-01-02T03:04:00.000Z', remainingMinutes: 125 },
        }),
      ),
    });
    expect(await screen.findByRole('heading', { name: 'Security settings' })).toBeDefined();
    expect(screen.getByTestId('security-level').textContent).toBe('Level 2 of 3');
    expect(screen.getByTestId('google-state').textContent).toBe('Linked');
    const lock = screen.getByTestId('security-lock');
    expect(lock.textContent).toContain('2 h 5 min left');
    expect(lock.textContent).toContain('2030');
    expect(screen.getByRole('button', { name: 'Unlink' })).toBeDefined();
  });

  it('shows identity verification as a method: a link to verify, then verified', async () => {
    startSession({ user });
    const { unmount } = renderApp('/accountCenter/security', {
      '/v1/user/profile': ok(user),
      '/v1/security/status': ok(status()),
    });
    const verify = await screen.findByRole('link', { name: 'Verify' });
    expect(verify.getAttribute('href')).toBe('/accountCenter/identity');
    expect(screen.getByText(/Not verified yet/)).toBeDefined();
    expect(screen.getByTestId('identity-state').textContent).toBe('Not verified');
    unmount();
    cleanup();
    renderApp('/accountCenter/security', {
      '/v1/user/profile': ok(user),
      '/v1/security/status': ok(status({ securityLevel: 2, verifications: ['EMAIL', 'IDENTITY'] })),
    });
    expect(await screen.findByText('Your identity is verified.')).toBeDefined();
    expect(screen.getByTestId('identity-state').textContent).toBe('Verified');
    expect(screen.getByTestId('security-level').textContent).toBe('Level 2 of 3');
    expect(screen.queryByRole('link', { name: 'Verify' })).toBeNull();
  });

  it('checks the password form with the spec messages before sending anything', async () => {
    startSession({ user });
    const { fetch } = renderApp('/accountCenter/security', {
      '/v1/user/profile': ok(user),
      '/v1/security/status': ok(status()),
    });
    const change = await screen.findAllByRole('button', { name: 'Change' });
    fireEvent.click(change[1]!);
    const dialog = await screen.findByRole('dialog');
    const form = within(dialog);
    fireEvent.change(form.getByLabelText('Current password'), { target: { value: 'Old#pass1' } });
    fireEvent.change(form.getByLabelText('New password'), { target: { value: 'weak' } });
    fireEvent.change(form.getByLabelText('Confirm password'), { target: { value: 'other' } });
    fireEvent.change(form.getByLabelText('E-mail verification code'), {
      target: { value: '12' },
    });
    fireEvent.click(form.getByRole('button', { name: 'Confirm' }));
    expect(
      await form.findByText(
        'Invalid password format. Use 8 to 20 characters with a lowercase letter, an uppercase letter, a number and a symbol, without spaces.',
      ),
    ).toBeDefined();
    expect(form.getByText('The two passwords you entered do not match.')).toBeDefined();
    expect(form.getByText('The e-mail verification code must be 6 digits.')).toBeDefined();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('password/change'))).toBe(false);
  });

  it('checks the mailbox format before mailing a code to a new address', async () => {
    startSession({ user });
    const { fetch } = renderApp('/accountCenter/security', {
      '/v1/user/profile': ok(user),
      '/v1/security/status': ok(status()),
    });
    const change = await screen.findAllByRole('button', { name: 'Change' });
    fireEvent.click(change[0]!);
    const form = within(await screen.findByRole('dialog'));
    fireEvent.change(form.getByLabelText('New e-mail address'), { target: { value: 'nope@' } });
    fireEvent.click(form.getAllByRole('button', { name: 'Send code' })[1]!);
    expect(await form.findByText('Incorrect mailbox format.')).toBeDefined();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('email-code'))).toBe(false);
  });

  it('counts "Send code" down when a code was sent within the minute, and says how long', async () => {
    startSession({ user });
    renderApp('/accountCenter/security', {
      '/v1/user/profile': ok(user),
      '/v1/security/status': ok(status()),
      '/v1/security/email-code': {
        body: {
          code: '2014',
          data: { retryAfterSeconds: 42 },
          message: 'A code was sent recently; try again in 42 seconds.',
        },
        status: 429,
      },
    });
    const change = await screen.findAllByRole('button', { name: 'Change' });
    fireEvent.click(change[1]!);
    const form = within(await screen.findByRole('dialog'));
    fireEvent.click(form.getByRole('button', { name: 'Send code' }));
    expect(
      await form.findByText('A code was sent recently; try again in 42 seconds.'),
    ).toBeDefined();
    const button = await form.findByRole('button', { name: /Resend in 4[12]/ });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('after a password change logs out and opens the login page', async () => {
    startSession({ user });
    const { fetch, router } = renderApp('/accountCenter/security', {
      '/v1/user/profile': ok(user),
      '/v1/security/status': ok(status()),
      '/v1/security/password/change': ok(null),
    });
    const change = await screen.findAllByRole('button', { name: 'Change' });
    fireEvent.click(change[1]!);
    const form = within(await screen.findByRole('dialog'));
    fireEvent.change(form.getByLabelText('Current password'), { target: { value: 'Old#pass1' } });
    fireEvent.change(form.getByLabelText('New password'), { target: { value: 'New#pass12' } });
    fireEvent.change(form.getByLabelText('Confirm password'), { target: { value: 'New#pass12' } });
    fireEvent.change(form.getByLabelText('E-mail verification code'), {
      target: { value: '123456' },
    });
    fireEvent.click(form.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const call = fetch.mock.calls.find(([url]) => String(url).includes('password/change'));
    expect(bodyOf(call?.[1])).toEqual({
      oldPassword: 'Old#pass1',
      password: 'New#pass12',
      confirmPassword: 'New#pass12',
      emailCode: '123456',
    });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(await screen.findByText('The operation succeeded. Please log in again.')).toBeDefined();
  });
});

describe('login with Google Authenticator linked', () => {
  it('asks for the Google code after the password, then signs in with the ticket', async () => {
    const puzzle = {
      puzzleId: 'p1',
      width: 300,
      height: 150,
      pieceSize: 44,
      pieceY: 40,
      background: 'data:image/png;base64,AA==',
      piece: 'data:image/png;base64,AA==',
      expiresInSeconds: 120,
    };
    const { router, fetch } = renderApp('/login?redirect_path=%2FaccountCenter', {
      '/v1/auth/public/puzzle': ok(puzzle),
      '/v1/auth/public/puzzle/verify': ok({ puzzleToken: 'pt', expiresInSeconds: 120 }),
      '/v1/auth/public/login': ok({ twoFactorRequired: true, ticket: 'tk', expiresInSeconds: 300 }),
      '/v1/auth/public/login/google': ok({
        token: 'tok',
        refreshToken: 'ref',
        expiresInSeconds: 900,
        user,
      }),
      '/v1/user/profile': ok(user),
    });
    fireEvent.change(await screen.findByLabelText('E-mail'), {
      target: { value: 'ada@example.com' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret#123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const slider = await screen.findByRole('slider', { name: 'Puzzle slider' });
    for (let i = 0; i < 10; i += 1) fireEvent.keyDown(slider, { key: 'ArrowRight' });
    fireEvent.keyDown(slider, { key: 'Enter' });

    const code = await screen.findByLabelText('Google verification code');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    fireEvent.change(code, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));
    expect(
      await screen.findByText('Enter the 6-digit code from Google Authenticator.'),
    ).toBeDefined();
    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/accountCenter'));
    const second = fetch.mock.calls.find(([url]) => String(url).endsWith('/login/google'));
    expect(bodyOf(second?.[1])).toEqual({ ticket: 'tk', googleCode: '654321' });
  });

  it('asks for the code after a provider sign-in (googleTicket) and follows redirect_path', async () => {
    const { router, fetch } = renderApp('/login?googleTicket=tk2&redirect_path=%2Fmarket', {
      '/v1/auth/public/login/google': ok({
        token: 'tok',
        refreshToken: 'ref',
        expiresInSeconds: 900,
        user,
      }),
      '/v1/user/profile': ok(user),
    });
    expect(
      await screen.findByText(
        'Enter the 6-digit code from Google Authenticator to finish signing in.',
      ),
    ).toBeDefined();
    fireEvent.change(screen.getByLabelText('Google verification code'), {
      target: { value: '123456' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/market'));
    const second = fetch.mock.calls.find(([url]) => String(url).endsWith('/login/google'));
    expect(bodyOf(second?.[1])).toEqual({ ticket: 'tk2', googleCode: '123456' });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('cookie');
  });
});
