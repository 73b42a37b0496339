import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSession } from '../../lib/session';
import { makeUser } from '../../test/fixtures';
import { ok, renderApp, resetApp } from '../../test/render';

beforeEach(resetApp);
afterEach(cleanup);

async function successFor(over: Parameters<typeof makeUser>[0]) {
  const user = makeUser(over);
  startSession({ user });
  renderApp('/login/registerSuccess', {
    '/v1/user/profile': ok(user),
    '/v1/legal/agreements/pending': ok([]),
  });
  return (await screen.findByTestId('register-success-body')).textContent;
}

describe('the registration result', () => {
  it('asks an individual who has not chosen to choose the account type', async () => {
    expect(await successFor({ kycLevel: null })).toBe(
      'Welcome aboard. Choose your account type, then start exploring the markets.',
    );
    expect(screen.queryByRole('link', { name: 'Verify identity' })).toBeNull();
  });

  it('asks an institution that has not chosen to choose too', async () => {
    expect(await successFor({ kycLevel: null, entityType: 'INSTITUTION' })).toBe(
      'Welcome aboard. Choose your account type, then start exploring the markets.',
    );
  });

  it('after choosing to verify, points at the identity page', async () => {
    expect(await successFor({ kycLevel: 0 })).toMatch(/^Welcome aboard. Verify your identity/);
    expect(screen.getByRole('link', { name: 'Verify identity' }).getAttribute('href')).toBe(
      '/accountCenter/identity',
    );
  });

  it('after opting out, says what that means and that verifying stays possible', async () => {
    expect(await successFor({ kycLevel: -1 })).toMatch(/limits of an unverified account/);
    expect(screen.queryByRole('link', { name: 'Verify identity' })).toBeNull();
  });
});
