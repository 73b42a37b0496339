import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export const GATEWAY_ORIGIN = 'http://gateway.test';

export interface LocalClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/**
 * A real OpenID provider (oidc-provider) on a random local port, standing in for Google or
 * Apple. Its login and consent pages are replaced by code: the login signs in whichever
 * account `signInAs` named, consent grants what the client asked for.
 */
export interface LocalOidc {
  issuer: string;
  /** Adds (or changes) an account the provider can sign in: subject and e-mail. */
  addAccount(subject: string, email: string, emailVerified?: boolean): void;
  /**
   * Plays the browser from the gateway's authorization address to the gateway's callback: the
   * answer is the callback address with its query, or with `form` for a form_post response.
   */
  signInAs(
    subject: string,
    authorizationUrl: string,
  ): Promise<{ url: URL; form?: Record<string, string> }>;
  close(): Promise<void>;
}

class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (!value || /expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const unescapeHtml = (s: string) => s.replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e);

function hiddenInputs(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)) {
    out[unescapeHtml(m[1] ?? '')] = unescapeHtml(m[2] ?? '');
  }
  return out;
}

export async function startLocalOidc(clients: LocalClient[]): Promise<LocalOidc> {
  const accounts = new Map<string, { email: string; verified: boolean }>();
  let nextLogin: string | undefined;
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    clients: clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: [c.redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    jwks: {
      keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig', alg: 'RS256' }],
    },
    cookies: { keys: ['local-oidc-test-cookie-key'] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    findAccount: (_ctx: unknown, id: string) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({ sub: id, email: account.email, email_verified: account.verified }),
      };
    },
  });
  const callback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      if (!nextLogin) throw new Error('no account to sign in');
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: nextLogin } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const grant = new provider.Grant({
      accountId: details.session?.accountId ?? '',
      clientId: String(details.params.client_id),
    });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
  }

  handle = (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return callback(req, res);
    interaction(req, res).catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  };

  return {
    issuer,
    addAccount(subject, email, emailVerified = true) {
      accounts.set(subject, { email, verified: emailVerified });
    },
    async signInAs(subject, authorizationUrl) {
      nextLogin = subject;
      const jar = new CookieJar();
      let url = authorizationUrl;
      for (let hop = 0; hop < 10; hop++) {
        const res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
        jar.store(res);
        const body = await res.text();
        if (res.status === 200 && body.includes('<form method="post"')) {
          const action = /<form method="post" action="([^"]+)"/.exec(body)?.[1] ?? '';
          return { url: new URL(unescapeHtml(action)), form: hiddenInputs(body) };
        }
        const location = res.headers.get('location');
        if (res.status < 300 || res.status >= 400 || !location)
          throw new Error(`provider answered ${res.status} at ${url}: ${body.slice(0, 500)}`);
        const next = new URL(location, url);
        if (next.origin === GATEWAY_ORIGIN) return { url: next };
        url = next.href;
      }
      throw new Error('too many redirects at the provider');
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((err) => (err ? reject(err) : resolve())),
      );
    },
  };
}
