import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  validIndividualAdvanced,
  validIndividualBasic,
  validInstitutionDocuments,
  validInstitutionInformation,
} from '@exchange/contracts/testing/kyc';
import type { TestApp } from '../../../helpers/build.js';
import type { KycSimProcess } from '../../../helpers/kyc-sim.js';
import { eventually } from '../../../helpers/wait.js';
import { markInstitutionStep } from '../../../../src/features/identity/kyc/kyc-service.js';
import { applicant, kycExchange, view } from './kyc-setup.js';

let t: TestApp;
let sim: KycSimProcess;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, sim, close } = await kycExchange());
});
afterAll(() => close());

const steps = (a: { steps: { step: string; state: string }[] }) =>
  Object.fromEntries(a.steps.map((s) => [s.step, s.state]));

describe('individual verification', () => {
  it("takes a user's first saves at once: one application, no failure", async () => {
    const u = await applicant(t);
    // The form saves as the user types beside its "Next": the first writes race to create the
    // application.
    const saves = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        u.call('PUT', '/individual/draft', { basic: { firstName: `Anna${i}` } }),
      ),
    );
    expect(saves.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(await t.app.db.kycApplication.count({ where: { userId: u.userId } })).toBe(1);
  });

  it('saves the draft as the user goes, then is approved by the provider', async () => {
    const u = await applicant(t);
    expect(await u.application()).toMatchObject({
      status: 'NOT_SUBMITTED',
      canSubmit: true,
      level: 0,
    });

    const partial = { basic: { firstName: 'Anna', lastName: 'Sch' } };
    expect((await u.call('PUT', '/individual/draft', partial)).statusCode).toBe(200);
    expect((await u.call('GET', '/individual/draft')).json()).toMatchObject({
      data: { kind: 'INDIVIDUAL', data: partial },
    });

    const basic = await u.call('POST', '/individual/basic', validIndividualBasic());
    expect(basic.json()).toMatchObject({ code: '200', data: { status: 'NOT_SUBMITTED' } });
    expect(steps(view(basic))).toEqual({ BASIC: 'SUBMITTED', ADVANCED: 'PENDING' });

    const advanced = await u.call('POST', '/individual/advanced', await u.advanced());
    expect(advanced.json()).toMatchObject({ code: '200', data: { status: 'AFOOT' } });
    // Under review nothing changes: no new draft, no second submission.
    expect((await u.call('PUT', '/individual/draft', partial)).json()).toMatchObject({
      code: '7021',
    });

    const decided = await u.decided();
    expect(decided).toMatchObject({ status: 'PASS', level: 1, reason: null, canSubmit: false });
    expect(steps(decided)).toEqual({ BASIC: 'APPROVED', ADVANCED: 'APPROVED' });
    const profile = await t.app.inject({
      method: 'GET',
      url: '/v1/user/profile',
      headers: u.headers,
    });
    expect(profile.json()).toMatchObject({ data: { kycLevel: 1 } });
    expect(profile.json<{ data: { kycPermissions: string[] } }>().data.kycPermissions).toContain(
      'FIAT_DEPOSIT',
    );
    expect(
      (await u.call('POST', '/individual/basic', validIndividualBasic())).json(),
    ).toMatchObject({ code: '7022' });
  });

  it('is rejected with the reason, keeps the data, and is approved after resubmission', async () => {
    const u = await applicant(t);
    await u.call('POST', '/individual/basic', { ...validIndividualBasic(), lastName: 'Reject' });
    await u.call('POST', '/individual/advanced', await u.advanced());
    const rejected = await u.decided();
    expect(rejected).toMatchObject({ status: 'REJECT', level: 0, canSubmit: true });
    expect(rejected.reason).toMatch(/four corners/);
    const draft = (await u.call('GET', '/individual/draft')).json<{ data: { data: unknown } }>()
      .data.data;
    expect(draft).toMatchObject({
      basic: { lastName: 'Reject' },
      advanced: { idNumber: validIndividualAdvanced().idNumber },
    });

    await u.call('POST', '/individual/basic', validIndividualBasic());
    expect((await u.call('POST', '/individual/advanced', await u.advanced())).json()).toMatchObject(
      { data: { status: 'AFOOT', reason: null } },
    );
    expect(await u.decided()).toMatchObject({ status: 'PASS', level: 1 });
  });

  it('fails with a resubmission offered', async () => {
    const u = await applicant(t);
    await u.call('POST', '/individual/basic', { ...validIndividualBasic(), lastName: 'Failmore' });
    await u.call('POST', '/individual/advanced', await u.advanced());
    expect(await u.decided()).toMatchObject({ status: 'FAILED', canSubmit: true, level: 0 });
  });

  it('refuses residents of Mainland China and the United States, changing nothing', async () => {
    const u = await applicant(t);
    for (const country of ['CN', 'US']) {
      const res = await u.call('POST', '/individual/basic', { ...validIndividualBasic(), country });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: '7017',
        message:
          'Identity verification is not available to residents of Mainland China or the United States.',
        data: { violations: [{ field: 'country', code: 7017 }] },
      });
    }
    const living = { ...validIndividualBasic().livingAddress, country: 'US' };
    expect(
      (
        await u.call('POST', '/individual/basic', {
          ...validIndividualBasic(),
          livingAddress: living,
        })
      ).json(),
    ).toMatchObject({ code: '7017', data: { field: 'livingAddress.country' } });
    expect(steps(await u.application())).toEqual({ BASIC: 'PENDING', ADVANCED: 'PENDING' });
  });

  it('answers every broken rule of a form, the first as the code, in the request language', async () => {
    const u = await applicant(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/kyc/individual/basic',
      headers: { ...u.headers, 'accept-language': 'zh-CN' },
      payload: {
        ...validIndividualBasic(),
        firstName: '',
        lastName: '李',
        birthDate: '2015-01-01',
      },
    });
    expect(res.json()).toMatchObject({ code: '7007', message: 'firstName 不能为空。' });
    expect(
      res.json<{ data: { violations: { field: string }[] } }>().data.violations.map((v) => v.field),
    ).toEqual(['firstName', 'lastName', 'birthDate']);
  });

  it('keeps each account to its own form and its own choice', async () => {
    const institution = await applicant(t, 'INSTITUTION');
    expect(
      (await institution.call('POST', '/individual/basic', validIndividualBasic())).json(),
    ).toMatchObject({ code: '7018' });
    expect((await institution.call('GET', '/individual/draft')).json()).toMatchObject({
      code: '7018',
    });
    const individual = await applicant(t);
    expect(
      (
        await individual.call('POST', '/institution/information', validInstitutionInformation())
      ).json(),
    ).toMatchObject({ code: '7018' });
    const optedOut = await applicant(t, 'INDIVIDUAL', -1);
    expect(
      (await optedOut.call('POST', '/individual/basic', validIndividualBasic())).json(),
    ).toMatchObject({ code: '7020' });
    const undecided = await applicant(t, 'INDIVIDUAL', null);
    expect(
      (await undecided.call('POST', '/individual/basic', validIndividualBasic())).json(),
    ).toMatchObject({ code: '7019' });
    // The account-type choice is open to institutions too, once.
    const inst = await applicant(t, 'INSTITUTION', null);
    const choose = await t.app.inject({
      method: 'GET',
      url: '/v1/kyc/individual/select?isKyc=true',
      headers: inst.headers,
    });
    expect(choose.json()).toMatchObject({ code: '200', data: { kycLevel: 0 } });
    expect(
      (await inst.call('POST', '/institution/information', validInstitutionInformation())).json(),
    ).toMatchObject({ code: '200' });
  });

  it("refuses another user's files and files uploaded for another place, changing nothing", async () => {
    const u = await applicant(t);
    const other = await applicant(t);
    await u.call('POST', '/individual/basic', validIndividualBasic());
    const mine = await u.advanced();
    const theirs = await other.upload('KYC_ID_IMAGE');
    const stolen = await u.call('POST', '/individual/advanced', {
      ...mine,
      idFrontFileIds: [theirs],
    });
    expect(stolen.json()).toMatchObject({ code: '7024', data: { field: 'idFrontFileIds' } });
    const wrongPlace = await u.call('POST', '/individual/advanced', {
      ...mine,
      holdingIdFileIds: mine.addressProofFileIds,
    });
    expect(wrongPlace.json()).toMatchObject({ code: '7024', data: { field: 'holdingIdFileIds' } });
    expect(await u.application()).toMatchObject({ status: 'NOT_SUBMITTED' });
    expect(steps(await u.application()).ADVANCED).toBe('PENDING');
  });

  it('asks for the basic step before the advanced one', async () => {
    const u = await applicant(t);
    expect((await u.call('POST', '/individual/advanced', await u.advanced())).json()).toMatchObject(
      { code: '7023' },
    );
    expect((await u.application()).status).toBe('NOT_SUBMITTED');
  });
});

describe('institution verification', () => {
  it('goes through basic information, documents, review, bank link and deposit', async () => {
    const u = await applicant(t, 'INSTITUTION');
    expect(steps(await u.application())).toEqual({
      BASIC_INFORMATION: 'PENDING',
      DOCUMENTS: 'PENDING',
      BANK_ACCOUNT: 'PENDING',
      DEPOSIT: 'PENDING',
    });
    await expect(
      markInstitutionStep({ db: t.app.db, clock: t.clock, userId: u.userId, event: 'BANK_LINKED' }),
    ).rejects.toMatchObject({ code: 7023 });

    const big = { name: 'Big Holder', ownershipPercent: '30' };
    const refused = await u.call('POST', '/institution/documents', {
      ...validInstitutionDocuments(),
      shareholders: [big],
    });
    expect(refused.json()).toMatchObject({ code: '7023' });
    expect(
      (await u.call('POST', '/institution/information', validInstitutionInformation())).json(),
    ).toMatchObject({ code: '200' });
    const noId = await u.call('POST', '/institution/documents', {
      ...validInstitutionDocuments(),
      shareholders: [big],
    });
    expect(noId.json()).toMatchObject({
      code: '7026',
      message: 'Shareholders above 25% ownership need an ID document.',
      data: { field: 'shareholders.0.idFileIds' },
    });
    const submitted = await u.call('POST', '/institution/documents', await u.documents());
    expect(submitted.json()).toMatchObject({ data: { status: 'AFOOT' } });
    expect(steps(view(submitted))).toMatchObject({
      BASIC_INFORMATION: 'SUBMITTED',
      DOCUMENTS: 'SUBMITTED',
    });

    expect(await u.decided()).toMatchObject({ status: 'PASS', level: 1 });
    const mark = (event: 'BANK_LINKED' | 'DEPOSITED') =>
      markInstitutionStep({ db: t.app.db, clock: t.clock, userId: u.userId, event });
    await expect(mark('DEPOSITED')).rejects.toMatchObject({ code: 7023 });
    expect(steps(await mark('BANK_LINKED'))).toEqual({
      BASIC_INFORMATION: 'APPROVED',
      DOCUMENTS: 'APPROVED',
      BANK_ACCOUNT: 'LINKED',
      DEPOSIT: 'PENDING',
    });
    const first = (await t.app.db.kycApplication.findUniqueOrThrow({ where: { userId: u.userId } }))
      .bankLinkedAt;
    t.clock.advance(60_000);
    expect(steps(await mark('DEPOSITED')).DEPOSIT).toBe('DEPOSITED');
    await mark('BANK_LINKED');
    expect(
      (await t.app.db.kycApplication.findUniqueOrThrow({ where: { userId: u.userId } }))
        .bankLinkedAt,
    ).toEqual(first);
  });

  it('needs the licence, AML policy and compliance officer CV of a financial institution', async () => {
    const u = await applicant(t, 'INSTITUTION');
    const info = validInstitutionInformation();
    await u.call('POST', '/institution/information', {
      ...info,
      basic: { ...info.basic, isFinancialInstitution: true },
    });
    const res = await u.call('POST', '/institution/documents', await u.documents());
    expect(res.json()).toMatchObject({ code: '7007', data: { field: 'documents.LICENCE_SCAN' } });
  });
});

describe('the simulator command', () => {
  it('decides a review held for a reviewer', async () => {
    const u = await applicant(t);
    await u.call('POST', '/individual/basic', { ...validIndividualBasic(), lastName: 'Manual' });
    const app = view(await u.call('POST', '/individual/advanced', await u.advanced()));
    const cli = (args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'src/sim/kyc/cli.ts', ...args], {
        cwd: path.resolve(
          path.dirname(fileURLToPath(import.meta.url)),
          '../../../../../matching-sim',
        ),
        env: {
          ...process.env,
          KYC_PROVIDER_URL: sim.url,
          KYC_CALLBACK_SECRET: t.env.KYC_CALLBACK_SECRET,
        },
        encoding: 'utf8',
      });
    const listed = cli(['list']);
    const appId = app.id ?? '';
    expect(listed.stdout).toContain(`${appId}  WAITING`);
    expect(cli(['decide', appId, 'reject', 'Address proof older than 3 months']).status).toBe(0);
    const decided = await eventually(u.application, (a) => a.status !== 'AFOOT');
    expect(decided).toMatchObject({
      status: 'REJECT',
      reason: 'Address proof older than 3 months',
    });
    expect(cli(['decide', appId, 'pass']).status).toBe(1);
  });
});
