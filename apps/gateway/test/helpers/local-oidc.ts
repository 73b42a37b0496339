import { startLocalOidc as startProvider, type LocalClient } from '@exchange/matching-sim/oidc';

export type { LocalClient } from '@exchange/matching-sim/oidc';

export const GATEWAY_ORIGIN = 'http://gateway.test';

/**
 * The local OpenID provider `npm start` runs for Google and Apple (apps/matching-sim/src/sim/oidc),
 * on a random port, driven from code: `signInAs` plays the browser up to the gateway's callback.
 */
export interface LocalOidc {
  issuer: string;
  addAccount(subject: string, email: string, emailVerified?: boolean): void;
  signInAs(
    subject: string,
    authorizationUrl: string,
  ): Promise<{ url: URL; form?: Record<string, string> }>;
  close(): Promise<void>;
}

export async function startLocalOidc(clients: LocalClient[]): Promise<LocalOidc> {
  const op = await startProvider({ clients, cookieKey: 'local-oidc-test-cookie-key' });
  return {
    issuer: op.issuer,
    addAccount: (subject, email, verified) => op.addAccount(subject, email, verified),
    signInAs: (subject, url) => op.signInAs(subject, url, GATEWAY_ORIGIN),
    close: () => op.close(),
  };
}
