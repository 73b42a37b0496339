import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  opsDeps,
  parseArgs,
  runOps,
  type OpsDeps,
} from '../../../../src/features/operations/ops/index.js';
import { build, signIn, type TestApp } from '../../../helpers/build.js';
import {
  AGREED,
  PASSWORD,
  bearer,
  latestCode,
  registerUser,
  solvePuzzle,
} from '../../../helpers/auth.js';

let t: TestApp;
let deps: OpsDeps;
let dir: string;
beforeAll(async () => {
  t = await build();
  deps = opsDeps(t.app, 'alice');
  dir = await mkdtemp(path.join(tmpdir(), 'legal-'));
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers });

/** Runs `ops legal publish` with a text file written for it. */
async function publish(args: string[], text: string) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.md`);
  await writeFile(file, text);
  const saved = process.env.INIT_CWD;
  process.env.INIT_CWD = dir;
  try {
    return await runOps(
      deps,
      parseArgs(['legal', 'publish', ...args, '--file', path.basename(file)]),
    );
  } finally {
    if (saved === undefined) delete process.env.INIT_CWD;
    else process.env.INIT_CWD = saved;
  }
}

async function pending(token: string) {
  const res = await get('/v1/legal/agreements/pending', bearer(token));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { slug: string; version: number }[] }>().data;
}

describe('legal pages', () => {
  it('serves every seeded page, in English where the reader’s language has no text', async () => {
    for (const slug of [
      'service-terms',
      'privacy-policy',
      'trading-rules',
      'about-us',
      'law-enforcement',
    ]) {
      const res = await get(`/v1/legal/public/documents/${slug}`);
      expect(res.statusCode, slug).toBe(200);
      const doc = res.json<{ data: Record<string, unknown> }>().data;
      expect(doc).toMatchObject({ slug, version: 1, language: 'en', fallback: false });
      expect(String(doc.body).length).toBeGreaterThan(200);
      expect(doc.body).not.toContain('example.com');
    }
    const de = await get('/v1/legal/public/documents/service-terms', { 'accept-language': 'de' });
    expect(de.json()).toMatchObject({
      data: { language: 'en', fallback: true, title: 'Terms of Service' },
    });
  });

  it('refuses an unknown page with a clear error', async () => {
    const res = await get('/v1/legal/public/documents/cookie-policy');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: '1002' });
  });
});

describe('agreeing at sign-up', () => {
  async function codeFor(email: string) {
    const sent = await post('/v1/auth/public/register/code', {
      email,
      puzzleToken: await solvePuzzle(t, 'REGISTER'),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    return latestCode(t, email);
  }
  const form = (email: string, code: string, acceptedAgreements: unknown) => ({
    email,
    code,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    acceptedAgreements,
  });

  it('needs both agreements at their current versions, and a refusal leaves the code good', async () => {
    const email = 'agree@example.com';
    const code = await codeFor(email);
    const none = await post('/v1/auth/public/register', form(email, code, []));
    expect(none.json()).toMatchObject({ code: '2029' });
    const half = await post('/v1/auth/public/register', form(email, code, [AGREED[0]]));
    expect(half.json()).toMatchObject({ code: '2029' });
    const stale = await post(
      '/v1/auth/public/register',
      form(email, code, [AGREED[0], { slug: 'privacy-policy', version: 2 }]),
    );
    expect(stale.json()).toMatchObject({ code: '2030' });
    expect(await t.app.db.user.count({ where: { email } })).toBe(0);

    const ok = await post('/v1/auth/public/register', form(email, code, AGREED));
    expect(ok.statusCode, ok.body).toBe(200);
    const user = await t.app.db.user.findUniqueOrThrow({ where: { email } });
    const rows = await t.app.db.agreementAcceptance.findMany({
      where: { userId: user.id },
      orderBy: { slug: 'asc' },
    });
    expect(rows.map((r) => [r.slug, r.version, r.ip])).toEqual([
      ['privacy-policy', 1, '127.0.0.1'],
      ['service-terms', 1, '127.0.0.1'],
    ]);
    expect(await pending(ok.json<{ data: { token: string } }>().data.token)).toEqual([]);
  });

  it('lists the agreements in force for the form, titled in the reader’s language', async () => {
    const res = await get('/v1/legal/public/agreements');
    expect(res.json()).toMatchObject({
      data: [
        { slug: 'service-terms', version: 1, title: 'Terms of Service' },
        { slug: 'privacy-policy', version: 1, title: 'Privacy Policy' },
      ],
    });
  });
});

describe('an account that never agreed', () => {
  it('(made by a sign-in with Google, say) is asked for both, and agreeing clears them', async () => {
    const { token } = await signIn(t);
    expect(await pending(token)).toMatchObject([
      { slug: 'service-terms', agreedVersion: null },
      { slug: 'privacy-policy', agreedVersion: null },
    ]);
    const res = await post(
      '/v1/legal/agreements/accept',
      { accepted: (await pending(token)).map(({ slug, version }) => ({ slug, version })) },
      bearer(token),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await pending(token)).toEqual([]);
    const anonymous = await post('/v1/legal/agreements/accept', { accepted: [AGREED[0]] });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('a new version', () => {
  it('asks every user again; a translation or a correction asks nobody', async () => {
    const { token } = await registerUser(t, 'reader@example.com');
    expect(await pending(token)).toEqual([]);

    // A translation of the current version: German readers get it, nobody is asked again.
    await publish(['service-terms', '--language', 'de'], '# Nutzungsbedingungen\n\nText.');
    const de = await get('/v1/legal/public/documents/service-terms', { 'accept-language': 'de' });
    expect(de.json()).toMatchObject({
      data: { version: 1, language: 'de', fallback: false, title: 'Nutzungsbedingungen' },
    });
    expect(await pending(token)).toEqual([]);

    // A new version of the terms, in English: asked again; German readers read the English.
    const row = await publish(
      ['service-terms', '--new-version'],
      '# Terms of Service\n\nVersion two.\n\n## Changes\n- one',
    );
    expect(row).toMatchObject({ slug: 'service-terms', version: 2, language: 'en' });
    const after = await get('/v1/legal/public/documents/service-terms', {
      'accept-language': 'de',
    });
    expect(after.json()).toMatchObject({
      data: {
        version: 2,
        language: 'en',
        fallback: true,
        body: 'Version two.\n\n## Changes\n- one',
      },
    });
    expect(await pending(token)).toEqual([
      { slug: 'service-terms', version: 2, title: 'Terms of Service', agreedVersion: 1 },
    ]);

    // Agreeing to the old version is refused and changes nothing; the new one clears it.
    const old = await post(
      '/v1/legal/agreements/accept',
      { accepted: [{ slug: 'service-terms', version: 1 }] },
      bearer(token),
    );
    expect(old.json()).toMatchObject({ code: '2030' });
    expect(await pending(token)).toHaveLength(1);
    const agreed = await post(
      '/v1/legal/agreements/accept',
      { accepted: [{ slug: 'service-terms', version: 2 }] },
      bearer(token),
    );
    expect(agreed.statusCode, agreed.body).toBe(200);
    expect(await pending(token)).toEqual([]);
    // A second agreement to the same version is harmless.
    const again = await post(
      '/v1/legal/agreements/accept',
      { accepted: [{ slug: 'service-terms', version: 2 }] },
      bearer(token),
    );
    expect(again.statusCode).toBe(200);

    // A new sign-up now needs version 2.
    const refused = await post('/v1/auth/public/register', {
      email: 'late@example.com',
      code: '123456',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptedAgreements: AGREED,
    });
    expect(refused.json()).toMatchObject({ code: '2030' });

    const audit = await t.app.db.opsAudit.findMany({ where: { entity: 'legal' } });
    expect(audit.map((a) => [a.entityKey, a.action])).toEqual(
      expect.arrayContaining([
        ['service-terms/1/de', 'translate'],
        ['service-terms/2/en', 'new-version'],
      ]),
    );
  });

  it('refuses a bad publish with the reason, changing nothing', async () => {
    const before = await t.app.db.legalDocument.count();
    await expect(publish(['cookie-policy'], '# A\n\nB')).rejects.toMatchObject({ code: 1302 });
    await expect(
      publish(['privacy-policy', '--new-version', '--language', 'fr'], '# A\n\nB'),
    ).rejects.toThrow(/English/);
    await expect(publish(['privacy-policy'], 'no title line')).rejects.toThrow(/--title/);
    await expect(publish(['privacy-policy'], '# Only a title\n')).rejects.toThrow(/no text/);
    await expect(
      runOps(deps, parseArgs(['legal', 'publish', 'about-us', '--file', '/nonexistent/x.md'])),
    ).rejects.toThrow(/cannot read/);
    expect(await t.app.db.legalDocument.count()).toBe(before);
  });
});
