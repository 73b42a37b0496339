import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import type { KycApplicationView } from '@exchange/contracts';
import { PUBLISHED_SECRETS } from '@exchange/contracts/secrets';
import { validIndividualBasic } from '@exchange/contracts/testing/kyc';
import type { TestApp } from '../../../helpers/build.js';
import { sleep } from '../../../helpers/wait.js';
import { signText } from '@exchange/contracts/signed-request';
import { applicant, kycExchange } from './kyc-setup.js';

let t: TestApp;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, close } = await kycExchange());
});
afterAll(() => close());

/** An application under review that the simulator holds for a reviewer ("Manual"). */
async function underReview() {
  const u = await applicant(t);
  await u.call('POST', '/individual/basic', { ...validIndividualBasic(), lastName: 'Manual' });
  const app = (await u.call('POST', '/individual/advanced', await u.advanced())).json<{
    data: KycApplicationView;
  }>().data;
  const row = await t.app.db.kycApplication.findUniqueOrThrow({ where: { id: app.id ?? '' } });
  return { u, id: row.id, reference: row.reference ?? '' };
}

function callback(
  body: Record<string, unknown>,
  opts: { secret?: string; ageSeconds?: number; signature?: string } = {},
) {
  const raw = JSON.stringify(body);
  const ts = Math.floor(Date.now() / 1000) - (opts.ageSeconds ?? 0);
  return t.app.inject({
    method: 'POST',
    url: '/v1/kyc/public/provider/callback',
    headers: {
      'content-type': 'application/json',
      'x-timestamp': String(ts),
      'x-signature': opts.signature ?? signText(opts.secret ?? t.env.KYC_CALLBACK_SECRET, ts, raw),
    },
    payload: raw,
  });
}

const decision = (id: string, reference: string, extra: Record<string, unknown> = {}) => ({
  eventId: randomUUID(),
  applicationId: id,
  reference,
  decision: 'PASS',
  reason: null,
  decidedAt: new Date().toISOString(),
  ...extra,
});

describe('the provider callback', () => {
  it('refuses a bad signature, a wrong secret and a missing one, changing nothing', async () => {
    const { u, id, reference } = await underReview();
    const body = decision(id, reference);
    const wrongSecret = await callback(body, { secret: randomBytes(32).toString('hex') });
    expect(wrongSecret.statusCode).toBe(401);
    expect(wrongSecret.json()).toMatchObject({ code: '7030' });
    expect((await callback(body, { signature: 'ab'.repeat(32) })).json()).toMatchObject({
      code: '7030',
    });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/v1/kyc/public/provider/callback',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(unsigned.json()).toMatchObject({ code: '7030' });
    // Signed over other bytes than those sent (a field changed on the way).
    const ts = Math.floor(Date.now() / 1000);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/v1/kyc/public/provider/callback',
      headers: {
        'content-type': 'application/json',
        'x-timestamp': String(ts),
        'x-signature': signText(t.env.KYC_CALLBACK_SECRET, ts, JSON.stringify(body)),
      },
      payload: JSON.stringify({ ...body, decision: 'REJECT', reason: 'x' }),
    });
    expect(tampered.json()).toMatchObject({ code: '7030' });
    expect(await u.application()).toMatchObject({ status: 'AFOOT', level: 0 });
    expect(await t.app.db.kycProviderEvent.count({ where: { applicationId: id } })).toBe(0);
  });

  it('refuses a decision signed with any former default secret; the installation secret passes', async () => {
    const { u, id, reference } = await underReview();
    for (const secret of PUBLISHED_SECRETS) {
      const forged = await callback(decision(id, reference), { secret });
      expect(forged.statusCode).toBe(401);
      expect(forged.json()).toMatchObject({ code: '7030' });
    }
    expect(await u.application()).toMatchObject({ status: 'AFOOT', level: 0 });
    expect(await t.app.db.kycProviderEvent.count({ where: { applicationId: id } })).toBe(0);
    // The provider's own decision, signed with this installation's generated secret.
    const genuine = await callback(decision(id, reference));
    expect(genuine.json()).toMatchObject({ code: '200', data: { duplicate: false } });
    expect(await u.application()).toMatchObject({ status: 'PASS', level: 1 });
  });

  it('refuses a timestamp outside the 5-minute window, changing nothing', async () => {
    const { u, id, reference } = await underReview();
    const old = await callback(decision(id, reference), { ageSeconds: 301 });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toMatchObject({ code: '7031' });
    // From the future: the signer's whole seconds round down, so 301 would be as little as 300.0x
    // once the request is served; 310 leaves that margin.
    expect((await callback(decision(id, reference), { ageSeconds: -310 })).json()).toMatchObject({
      code: '7031',
    });
    expect(await u.application()).toMatchObject({ status: 'AFOOT' });
    // Just inside the window it is taken.
    expect((await callback(decision(id, reference), { ageSeconds: 290 })).json()).toMatchObject({
      code: '200',
    });
    expect(await u.application()).toMatchObject({ status: 'PASS', level: 1 });
  });

  it('applies an event once: a replay, even with another decision, changes nothing', async () => {
    const { u, id, reference } = await underReview();
    const body = decision(id, reference, { decision: 'REJECT', reason: 'Blurred photo' });
    expect((await callback(body)).json()).toMatchObject({
      code: '200',
      data: { received: true, duplicate: false },
    });
    const after = await u.application();
    expect(after).toMatchObject({ status: 'REJECT', reason: 'Blurred photo' });
    await sleep(1100);
    const replay = await callback(body);
    expect(replay.json()).toMatchObject({ code: '200', data: { duplicate: true } });
    expect((await callback({ ...body, decision: 'PASS', reason: null })).json()).toMatchObject({
      data: { duplicate: true },
    });
    expect(await u.application()).toEqual(after);
    expect(await t.app.db.kycProviderEvent.count({ where: { eventId: body.eventId } })).toBe(1);
  });

  it('ignores a decision for an earlier submission', async () => {
    const { u, id, reference } = await underReview();
    await callback(decision(id, reference, { decision: 'FAILED', reason: 'Unreadable' }));
    // Resubmitted: a new reference is under review; the old one's late decision is ignored.
    await u.call('POST', '/individual/advanced', await u.advanced());
    const late = await callback(decision(id, reference));
    expect(late.json()).toMatchObject({ code: '200', data: { duplicate: false } });
    expect(await u.application()).toMatchObject({ status: 'AFOOT', level: 0 });
  });

  it('refuses a signed body that breaks the contract', async () => {
    const { u, id, reference } = await underReview();
    const res = await callback(decision(id, reference, { decision: 'MAYBE' }));
    expect(res.json()).toMatchObject({ code: '1002' });
    expect(await u.application()).toMatchObject({ status: 'AFOOT' });
  });
});
