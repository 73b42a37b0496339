import type { KycApplicationView } from '@exchange/contracts';
import { build, signIn, type TestApp } from '../../helpers/build.js';
import { bearer } from '../../helpers/auth.js';
import { freePort, startKycSim, type KycSimProcess } from '../../helpers/kyc-sim.js';
import { eventually } from '../../helpers/wait.js';

/**
 * A gateway listening on a real port (the provider calls it back) and the simulated provider
 * as its own process: a review of 60 logical seconds takes 0.1 s at TIME_SCALE 600.
 */
export async function kycExchange(
  overrides: Record<string, string> = {},
): Promise<{ t: TestApp; sim: KycSimProcess; close(): Promise<void> }> {
  const [gatewayPort, simPort] = [await freePort(), await freePort()];
  const t = await build({
    KYC_PROVIDER_URL: `http://127.0.0.1:${simPort}`,
    KYC_CALLBACK_URL: `http://127.0.0.1:${gatewayPort}/v1/kyc/public/provider/callback`,
    ...overrides,
  });
  await t.app.listen({ port: gatewayPort, host: '127.0.0.1' });
  const sim = await startKycSim({ port: simPort, secret: t.env.KYC_CALLBACK_SECRET });
  return {
    t,
    sim,
    async close() {
      await sim.stop();
      await t.close();
    },
  };
}

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
  return {
    ...user,
    headers,
    call,
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
