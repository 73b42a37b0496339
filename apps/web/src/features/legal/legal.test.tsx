import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session';
import { makeUser } from '../../test/fixtures';
import { fail, ok, renderApp, resetApp } from '../../test/render';
import { parseLegalBody } from './components/legal-text';

beforeEach(resetApp);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const AGREEMENTS = [
  { slug: 'service-terms', version: 3, title: 'Terms of Service' },
  { slug: 'privacy-policy', version: 1, title: 'Privacy Policy' },
];

const terms = (over: Record<string, unknown> = {}) => ({
  slug: 'service-terms',
  version: 3,
  language: 'en',
  fallback: false,
  title: 'Terms of Service',
  body: 'Intro line one\ncontinued.\n\n## Your account\n- one\n- two\n\nLast <b>words</b>.',
  publishedAt: '2026-11-01T00:00:00.000Z',
  ...over,
});

describe('the legal text', () => {
  it('reads paragraphs, headings and lists, and nothing as HTML', () => {
    expect(parseLegalBody(terms().body)).toEqual([
      { kind: 'paragraph', text: 'Intro line one continued.' },
      { kind: 'heading', text: 'Your account' },
      { kind: 'list', items: ['one', 'two'] },
      { kind: 'paragraph', text: 'Last <b>words</b>.' },
    ]);
  });
});

describe('legal pages', () => {
  it('shows the operator’s page with its version, and HTML in it as text', async () => {
    renderApp('/legal/service-terms', {
      '/v1/legal/public/documents/service-terms': ok(terms()),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Terms of Service' }),
    ).toBeDefined();
    expect(screen.getByText('Version 3, published Nov 1, 2026')).toBeDefined();
    expect(screen.getByRole('heading', { level: 2, name: 'Your account' })).toBeDefined();
    expect(screen.getByText('Last <b>words</b>.')).toBeDefined();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('says when the English text stands in for the reader’s language', async () => {
    renderApp('/legal/service-terms', {
      '/v1/legal/public/documents/service-terms': ok(terms({ fallback: true })),
    });
    expect((await screen.findByRole('note')).textContent).toBe(
      'This page is not yet available in your language; the English text is shown.',
    );
  });

  it('answers an unknown page with the not-found page, asking the server nothing', async () => {
    const { fetch } = renderApp('/legal/cookie-policy');
    expect(await screen.findByText('404')).toBeDefined();
    expect(fetch.mock.calls.some(([u]) => String(u).includes('/v1/legal'))).toBe(false);
  });

  it('links the footer to the exchange’s own pages when no office website is set', async () => {
    renderApp('/legal/about-us', {
      '/v1/legal/public/documents/about-us': ok(terms({ slug: 'about-us', title: 'About Us' })),
    });
    const footer = await screen.findByRole('contentinfo');
    expect(
      within(footer).getByRole('link', { name: 'Terms of service' }).getAttribute('href'),
    ).toBe('/legal/service-terms');
    expect(within(footer).getByRole('link', { name: 'News' }).getAttribute('href')).toBe('/news');
    expect(within(footer).queryByRole('link', { name: 'Academy' })).toBeNull();
    for (const a of document.querySelectorAll('a[href^="http"]'))
      expect(a.getAttribute('href')).not.toContain('example.com');
  });
});

describe('agreeing at sign-up', () => {
  it('asks for the agreement before sending, then sends the versions shown', async () => {
    const sent: unknown[] = [];
    renderApp('/login?type=register', {
      '/v1/legal/public/agreements': ok(AGREEMENTS),
      '/v1/auth/public/register': (_url, init) => {
        sent.push(JSON.parse(typeof init?.body === 'string' ? init.body : 'null'));
        return fail('2008', 'The e-mail verification code is incorrect or has expired.');
      },
    });
    const box = await screen.findByRole('checkbox', {
      name: /I have read and agree to the\s+Terms of Service\s+and the\s+Privacy Policy/,
    });
    const link = screen.getByRole('link', { name: 'Terms of Service' });
    expect(link.getAttribute('href')).toBe('/legal/service-terms');
    expect(link.getAttribute('target')).toBe('_blank');

    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'new@example.org' } });
    fireEvent.change(screen.getByLabelText('E-mail verification code'), {
      target: { value: '123456' },
    });
    for (const label of ['Password', 'Confirm password'])
      fireEvent.change(screen.getByLabelText(label), { target: { value: 'Good-pass1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByText(
        'Agree to the Terms of Service and the Privacy Policy to create your account.',
      ),
    ).toBeDefined();
    expect(sent).toHaveLength(0);

    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      acceptedAgreements: [
        { slug: 'service-terms', version: 3 },
        { slug: 'privacy-policy', version: 1 },
      ],
    });
  });

  it('unticks and asks again when the terms changed meanwhile', async () => {
    renderApp('/login?type=register', {
      '/v1/legal/public/agreements': ok(AGREEMENTS),
      '/v1/auth/public/register': fail(
        '2030',
        'The terms changed while you were reading them: read the new version and agree again.',
        409,
      ),
    });
    const box = await screen.findByRole('checkbox', { name: /I have read and agree/ });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'new@example.org' } });
    fireEvent.change(screen.getByLabelText('E-mail verification code'), {
      target: { value: '123456' },
    });
    for (const label of ['Password', 'Confirm password'])
      fireEvent.change(screen.getByLabelText(label), { target: { value: 'Good-pass1' } });
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByText(
        'The terms were updated while you were signing up: read them and agree again.',
      ),
    ).toBeDefined();
    expect((box as HTMLInputElement).checked).toBe(false);
  });
});

describe('a new version', () => {
  it('asks a signed-in user to agree before going on, and records the versions', async () => {
    const user = makeUser();
    startSession({ user });
    let pending = [{ ...AGREEMENTS[0], agreedVersion: 2 }];
    const accepted: unknown[] = [];
    renderApp('/market', {
      '/v1/user/profile': ok(user),
      '/v1/legal/agreements/pending': () => ok(pending),
      '/v1/legal/agreements/accept': (_url, init) => {
        accepted.push(JSON.parse(typeof init?.body === 'string' ? init.body : 'null'));
        pending = [];
        return ok(null);
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'We have updated our terms' });
    expect(
      within(dialog).getByRole('link', { name: 'Terms of Service' }).getAttribute('href'),
    ).toBe('/legal/service-terms');
    const agree = within(dialog).getByRole('button', { name: 'Agree and continue' });
    expect((agree as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(
      within(dialog).getByRole('checkbox', { name: 'I have read and agree to the new versions' }),
    );
    fireEvent.click(agree);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'We have updated our terms' })).toBeNull(),
    );
    expect(accepted).toEqual([{ accepted: [{ slug: 'service-terms', version: 3 }] }]);
  });

  it('says so and asks again when a newer version came while the dialog was open', async () => {
    const user = makeUser();
    startSession({ user });
    let pending = [{ ...AGREEMENTS[0], agreedVersion: 2 }];
    renderApp('/market', {
      '/v1/user/profile': ok(user),
      '/v1/legal/agreements/pending': () => ok(pending),
      '/v1/legal/agreements/accept': () => {
        pending = [{ ...AGREEMENTS[0], version: 4, agreedVersion: 2 }];
        return fail(
          '2030',
          'The terms changed while you were reading them: read the new version and agree again.',
          409,
        );
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'We have updated our terms' });
    const box = within(dialog).getByRole<HTMLInputElement>('checkbox');
    fireEvent.click(box);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Agree and continue' }));
    expect(
      await within(dialog).findByText(
        'The terms changed again while you were reading them: read them and agree again.',
      ),
    ).toBeDefined();
    await within(dialog).findByText('version 4');
    expect(box.checked).toBe(false);
  });
});
