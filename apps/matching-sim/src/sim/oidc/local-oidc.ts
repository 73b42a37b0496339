// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- oidc-provider has no types: ours must reach every program compiling this file, the gateway tests' too
/// <reference path="../../types/oidc-provider.d.ts" />
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider (oidc-provider) standing in for Google or Apple: in the gateway's tests
 * (which drive it from code with `signInAs`) and under `npm start` (where its login page lets a
 * developer pick a test identity or type any e-mail). Consent is granted to what the client asked.
 */
export interface LocalClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export interface LocalOidcOptions {
  clients: LocalClient[];
  /** The name on the login page ("Google", "Apple"). */
  name?: string;
  host?: string;
  /** 0 (the default) lets the system pick a free port. */
  port?: number;
  /** Identities offered on the login page, by e-mail. */
  testIdentities?: string[];
  /** The provider's cookie signing key; a random one of this run unless given. */
  cookieKey?: string;
}

export interface LocalOidc {
  issuer: string;
  /** Adds (or changes) an account the provider can sign in: subject and e-mail. */
  addAccount(subject: string, email: string, emailVerified?: boolean): void;
  /**
   * Plays the browser from the gateway's authorization address to the gateway's callback
   * (`gatewayOrigin`): the answer is the callback address with its query, or with `form` for a
   * form_post response.
   */
  signInAs(
    subject: string,
    authorizationUrl: string,
    gatewayOrigin: string,
  ): Promise<{ url: URL; form?: Record<string, string> }>;
  close(): Promise<void>;
}

/** The subject a typed e-mail signs in as: stable, so the same e-mail is the same account. */
export function subjectOf(email: string): string {
  return `local-${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 24)}`;
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
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function hiddenInputs(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)) {
    out[unescapeHtml(m[1] ?? '')] = unescapeHtml(m[2] ?? '');
  }
  return out;
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > 10_000) throw new Error('form too large');
  }
  return new URLSearchParams(body);
}

/** The login page's texts in the languages the exchange's client offers (OIDC `ui_locales`). */
const TEXTS: Record<
  string,
  { title: string; intro: string; email: string; submit: string; missing: string }
> = {
  en: {
    title: 'Sign in with {name}',
    intro:
      'Local stand-in for {name} on this machine: choose a test identity or type any e-mail address. Nothing leaves the machine.',
    email: 'E-mail address',
    submit: 'Continue',
    missing: 'Enter an e-mail address.',
  },
  'zh-CN': {
    title: '使用 {name} 登录',
    intro: '本机上的 {name} 本地替身：选择一个测试身份或输入任意邮箱地址。任何数据都不会离开本机。',
    email: '邮箱地址',
    submit: '继续',
    missing: '请输入邮箱地址。',
  },
  'zh-TW': {
    title: '使用 {name} 登入',
    intro:
      '本機上的 {name} 本地替身：選擇一個測試身分或輸入任意電子郵件地址。任何資料都不會離開本機。',
    email: '電子郵件地址',
    submit: '繼續',
    missing: '請輸入電子郵件地址。',
  },
  ar: {
    title: 'تسجيل الدخول باستخدام {name}',
    intro:
      'بديل محلي لـ {name} على هذا الجهاز: اختر هوية اختبار أو اكتب أي عنوان بريد إلكتروني. لا يغادر أي شيء هذا الجهاز.',
    email: 'عنوان البريد الإلكتروني',
    submit: 'متابعة',
    missing: 'أدخل عنوان بريد إلكتروني.',
  },
  fr: {
    title: 'Se connecter avec {name}',
    intro:
      'Substitut local de {name} sur cette machine : choisissez une identité de test ou saisissez n’importe quelle adresse e-mail. Rien ne quitte la machine.',
    email: 'Adresse e-mail',
    submit: 'Continuer',
    missing: 'Saisissez une adresse e-mail.',
  },
  de: {
    title: 'Mit {name} anmelden',
    intro:
      'Lokaler Ersatz für {name} auf diesem Rechner: Wählen Sie eine Testidentität oder geben Sie eine beliebige E-Mail-Adresse ein. Nichts verlässt den Rechner.',
    email: 'E-Mail-Adresse',
    submit: 'Weiter',
    missing: 'Geben Sie eine E-Mail-Adresse ein.',
  },
  ja: {
    title: '{name} でログイン',
    intro:
      'このマシン上の {name} のローカル代替です。テスト用の ID を選ぶか、任意のメールアドレスを入力してください。データはこのマシンの外に出ません。',
    email: 'メールアドレス',
    submit: '続行',
    missing: 'メールアドレスを入力してください。',
  },
  ko: {
    title: '{name}(으)로 로그인',
    intro:
      '이 컴퓨터의 {name} 로컬 대체 서비스입니다. 테스트 ID를 선택하거나 아무 이메일 주소나 입력하세요. 어떤 데이터도 이 컴퓨터를 떠나지 않습니다.',
    email: '이메일 주소',
    submit: '계속',
    missing: '이메일 주소를 입력하세요.',
  },
};

/** The first of the asked languages the page has (`ui_locales` is a space-separated list). */
export function pageLanguage(uiLocales: unknown): string {
  for (const tag of typeof uiLocales === 'string' ? uiLocales.split(/\s+/) : []) {
    const exact = Object.keys(TEXTS).find((l) => l.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const base = tag.split('-')[0]?.toLowerCase();
    if (base && base !== 'zh' && TEXTS[base]) return base;
  }
  return 'en';
}

/** The login page: one button per test identity, and a field for any other e-mail. */
function loginPage(opts: {
  name: string;
  uid: string;
  identities: string[];
  language: string;
  error?: boolean;
}) {
  const t = TEXTS[opts.language] ?? TEXTS.en!;
  const fill = (text: string) => escapeHtml(text.replaceAll('{name}', opts.name));
  const action = `/interaction/${encodeURIComponent(opts.uid)}/login`;
  const buttons = opts.identities
    .map(
      (email) =>
        `<form method="post" action="${action}"><input type="hidden" name="email" value="${escapeHtml(email)}"/>` +
        `<button type="submit" class="identity">${escapeHtml(email)}</button></form>`,
    )
    .join('');
  return `<!doctype html><html lang="${opts.language}" dir="${opts.language === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"/>
<meta name="viewport" content="width=device-width, initial-scale=1"/>
<title>${fill(t.title)} (local)</title>
<style>
body{font-family:system-ui,sans-serif;background:#f3f4f6;color:#1f2430;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;border-radius:12px;padding:28px 32px;box-shadow:0 4px 24px #0002;width:min(380px,90vw)}
h1{font-size:20px;margin:0 0 4px}p{color:#5b6270;font-size:13px;margin:0 0 16px}
.identity,.submit{display:block;width:100%;padding:10px;margin:0 0 8px;border:1px solid #d0d4dc;border-radius:8px;background:#fff;font-size:14px;cursor:pointer;text-align:start}
.identity:hover{background:#f0f4ff}label{display:block;font-size:13px;margin:16px 0 4px}
input[type=email]{box-sizing:border-box;width:100%;padding:10px;border:1px solid #d0d4dc;border-radius:8px;font-size:14px}
.submit{background:#1a73e8;color:#fff;border:0;text-align:center;margin-top:8px}.error{color:#c5221f}
</style></head><body><main>
<h1>${fill(t.title)}</h1>
<p>${fill(t.intro)}</p>
${opts.error ? `<p class="error" role="alert">${fill(t.missing)}</p>` : ''}
${buttons}
<form method="post" action="${action}"><label for="email">${fill(t.email)}</label>
<input id="email" type="email" name="email" required dir="ltr" placeholder="someone@example.com"/>
<button type="submit" class="submit">${fill(t.submit)}</button></form>
</main></body></html>`;
}

export async function startLocalOidc(opts: LocalOidcOptions): Promise<LocalOidc> {
  const accounts = new Map<string, { email: string; verified: boolean }>();
  const name = opts.name ?? 'Google';
  const identities = opts.testIdentities ?? [];
  let nextLogin: string | undefined;
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve);
  });
  // Listening on every interface (0.0.0.0, ::): the issuer names loopback, which reaches it.
  const host = opts.host ?? '127.0.0.1';
  const issuerHost = ['0.0.0.0', '::'].includes(host)
    ? '127.0.0.1'
    : host.includes(':')
      ? `[${host}]`
      : host;
  const issuer = `http://${issuerHost}:${(server.address() as AddressInfo).port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    clients: opts.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: [c.redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    jwks: {
      keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'local', use: 'sig', alg: 'RS256' }],
    },
    // Signs its interaction cookies: a key of this run's own unless one is given.
    cookies: { keys: [opts.cookieKey ?? randomBytes(32).toString('hex')] },
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

  async function finishLogin(req: IncomingMessage, res: ServerResponse, accountId: string) {
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId } },
      { mergeWithLastSubmission: false },
    );
  }

  async function interaction(req: IncomingMessage, res: ServerResponse, path: string) {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      const page = (error: boolean) =>
        loginPage({
          name,
          uid: details.uid,
          identities,
          language: pageLanguage(details.params.ui_locales),
          error,
        });
      if (req.method === 'POST' && path.endsWith('/login')) {
        const email = (await readForm(req)).get('email')?.trim() ?? '';
        if (!EMAIL_RE.test(email)) {
          res.statusCode = 400;
          res.setHeader('content-type', 'text/html; charset=utf-8');
          res.end(page(true));
          return;
        }
        const subject = subjectOf(email);
        accounts.set(subject, { email, verified: true });
        await finishLogin(req, res, subject);
        return;
      }
      // Driven from code (the gateway's tests): the account named by signInAs.
      if (nextLogin) {
        await finishLogin(req, res, nextLogin);
        return;
      }
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(page(false));
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
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (!path.startsWith('/interaction/')) return callback(req, res);
    interaction(req, res, path).catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  };

  return {
    issuer,
    addAccount(subject, email, emailVerified = true) {
      accounts.set(subject, { email, verified: emailVerified });
    },
    async signInAs(subject, authorizationUrl, gatewayOrigin) {
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
        if (next.origin === gatewayOrigin) return { url: next };
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
