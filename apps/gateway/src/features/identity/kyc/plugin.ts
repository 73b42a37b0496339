import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { KYC_ENDPOINTS } from '@exchange/contracts';
import { assertOwnedFiles } from '../../platform/files/file-service.js';
import { notify } from '../../platform/notifications/notify.js';
import { HttpKycProvider, type KycProvider } from './kyc-provider.js';
import { kycRoutes } from './routes.js';

export interface KycPluginOptions {
  /** The KYC provider; default: over HTTP at KYC_PROVIDER_URL. */
  kycProvider?: KycProvider;
}

/**
 * Identity verification under /v1/kyc: the applications, the provider they are sent to, and the
 * provider's signed callback with its decision.
 */
async function kyc(app: FastifyInstance, opts: KycPluginOptions): Promise<void> {
  const { env } = app;
  await app.register(
    kycRoutes({
      db: app.db,
      clock: app.clock,
      provider:
        opts.kycProvider ??
        new HttpKycProvider({ baseUrl: env.KYC_PROVIDER_URL, secret: env.KYC_CALLBACK_SECRET }),
      callbackUrl:
        env.KYC_CALLBACK_URL ??
        new URL(KYC_ENDPOINTS.providerCallback.path, env.PUBLIC_BASE_URL).href,
      checkFiles: assertOwnedFiles,
      notify: (input) => notify(app.notifyDeps, input),
      callbackSecret: env.KYC_CALLBACK_SECRET,
      callbackWindowSeconds: env.KYC_CALLBACK_WINDOW_SECONDS,
    }),
  );
}

export default fp(kyc, {
  name: 'identity/kyc',
  dependencies: ['infrastructure', 'auth', 'platform/notifications'],
});
