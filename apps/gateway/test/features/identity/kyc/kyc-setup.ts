import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type {
  IndividualAdvancedDraft,
  InstitutionDocumentsDraft,
  KycApplicationView,
  KycFilePlace,
  UploadFilesResponse,
} from '@exchange/contracts';
import {
  validIndividualAdvanced,
  validInstitutionDocuments,
} from '@exchange/contracts/testing/kyc';
import { build, signIn, type TestApp } from '../../../helpers/build.js';
import { bearer } from '../../../helpers/auth.js';
import { freePort, startKycSim, type KycSimProcess } from '../../../helpers/kyc-sim.js';
import { eventually } from '../../../helpers/wait.js';

/**
 * A gateway listening on a real port (the provider calls it back) and the simulated provider
 * as its own process: a review of 60 logical seconds takes 0.1 s at TIME_SCALE 600.
 */
export async function kycExchange(
  overrides: Record<string, string> = {},
): Promise<{ t: TestApp; sim: KycSimProcess; close: () => Promise<void> }> {
  const [gatewayPort, simPort] = [await freePort(), await freePort()];
  const files = mkdtempSync(path.join(tmpdir(), 'kyc-files-'));
  const t = await build({
    FILE_STORAGE_DIR: files,
    UPLOAD_RATE_LIMIT_MAX: '10000',
    KYC_PROVIDER_URL: `http://127.0.0.1:${simPort}`,
    KYC_CALLBACK_URL: `http://127.0.0.1:${gatewayPort}/v1/kyc/public/provider/callback`,
    ...overrides,
  });
  await t.app.listen({ port: gatewayPort, host: '127.0.0.1' });
  const sim = await startKycSim({ port: simPort, secret: t.env.KYC_CALLBACK_SECRET });
  return {
    t,
    sim,
    close: async () => {
      await sim.stop();
      await t.close();
      rmSync(files, { recursive: true, force: true });
    },
  };
}

/** The application view of a KYC answer. */
export const view = (res: { json<T>(): T }): KycApplicationView =>
  res.json<{ data: KycApplicationView }>().data;

/** A user who chose identity verification (kycLevel 0), of the given type. */
export async function applicant(
  t: TestApp,
  entityType: 'INDIVIDUAL' | 'INSTITUTION' = 'INDIVIDUAL',
  kycLevel: number | null = 0,
) {
  const user = await signIn(t, { kycLevel });
  await t.app.db.user.update({ where: { id: user.userId }, data: { entityType } });
  const headers = bearer(user.token);
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/v1/kyc${url}`, headers, ...(payload ? { payload } : {}) });
  /** Uploads one real PNG for `place` through the uploads module and returns its id. */
  const upload = async (place: KycFilePlace): Promise<string> => {
    const png = await sharp({
      create: { width: 64, height: 40, channels: 3, background: '#336699' },
    })
      .png()
      .toBuffer();
    const boundary = `----kyc${Math.random().toString(16).slice(2)}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="id.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/files/upload?place=${place}`,
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    const file = res.json<{ data: UploadFilesResponse | null }>().data?.files[0];
    if (!file) throw new Error(`upload failed: ${res.body}`);
    return file.id;
  };
  return {
    ...user,
    headers,
    call,
    upload,
    /** The valid advanced step with the user's own uploaded files. */
    advanced: async (): Promise<IndividualAdvancedDraft> => ({
      ...validIndividualAdvanced(),
      addressProofFileIds: [await upload('KYC_ADDRESS_PROOF')],
      idFrontFileIds: [await upload('KYC_ID_IMAGE')],
      idBackFileIds: [await upload('KYC_ID_IMAGE')],
      holdingIdFileIds: [await upload('KYC_ID_IMAGE')],
    }),
    /** The valid documents step with the user's own uploaded files. */
    documents: async (): Promise<InstitutionDocumentsDraft> => {
      const sample = validInstitutionDocuments();
      const doc = await upload('KYC_COMPANY_DOCUMENT');
      const shareholderId = await upload('KYC_SHAREHOLDER_ID');
      return {
        documents: Object.fromEntries(
          Object.keys(sample.documents ?? {}).map((type) => [type, [doc]]),
        ),
        shareholders: (sample.shareholders ?? []).map((h) =>
          h.idFileIds?.length ? { ...h, idFileIds: [shareholderId] } : h,
        ),
      };
    },
    application: async () =>
      (await call('GET', '/application')).json<{ data: KycApplicationView }>().data,
    /** Waits for the provider's callback to move the application out of review. */
    decided: () =>
      eventually(
        async () => (await call('GET', '/application')).json<{ data: KycApplicationView }>().data,
        (a) => a.status !== 'AFOOT',
        10_000,
      ),
  };
}
