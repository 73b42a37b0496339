import { pino } from 'pino';
import { z } from 'zod';
import { startLocalOidc, type LocalOidc } from './local-oidc.js';
import { readSettings, secretSetting } from '../settings.js';

/**
 * Local stand-ins for Google and Apple sign-in, a process of its own (`npm start` supervises it):
 * two OpenID providers on two ports, each knowing the gateway as its one client. Their login
 * page offers test identities and takes any e-mail. Production never runs it: there the gateway
 * reads the real providers' OIDC_GOOGLE_* and OIDC_APPLE_* settings.
 */
const config = readSettings(
  'local OpenID provider',
  z.object({
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
    NODE_ENV: z.string().default('development'),
    OIDC_SIM_HOST: z.string().default('127.0.0.1'),
    OIDC_SIM_GOOGLE_PORT: z.coerce.number().int().min(0).max(65535).default(8095),
    OIDC_SIM_APPLE_PORT: z.coerce.number().int().min(0).max(65535).default(8096),
    /** The gateway's public address: the providers send the browser back to its callbacks. */
    PUBLIC_BASE_URL: z.string().url().default('http://localhost:8080'),
    OIDC_GOOGLE_CLIENT_ID: z.string().default('local-google-client'),
    /** The gateway's client secret at each stand-in: `npm start` generates both per installation. */
    OIDC_GOOGLE_CLIENT_SECRET: secretSetting('OIDC_GOOGLE_CLIENT_SECRET'),
    OIDC_APPLE_CLIENT_ID: z.string().default('local-apple-client'),
    OIDC_APPLE_CLIENT_SECRET: secretSetting('OIDC_APPLE_CLIENT_SECRET'),
    /** Comma-separated e-mails offered as one-click identities on the login page. */
    OIDC_SIM_IDENTITIES: z.string().default('alice@example.com,bob@example.com,carol@example.com'),
  }),
);

if (config.NODE_ENV === 'production') {
  // A provider that signs in anyone must never stand in for Google or Apple in production.
  process.stderr.write('The local OpenID provider does not run with NODE_ENV=production.\n');
  process.exit(1);
}

const log = pino({
  level: config.LOG_LEVEL,
  ...(config.LOG_FORMAT === 'pretty'
    ? {
        transport: {
          target: 'pino-pretty',
          options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
        },
      }
    : {}),
});

const base = config.PUBLIC_BASE_URL.replace(/\/+$/, '');
const identities = config.OIDC_SIM_IDENTITIES.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const providers: LocalOidc[] = [];

async function main(): Promise<void> {
  for (const [name, port, clientId, clientSecret] of [
    [
      'Google',
      config.OIDC_SIM_GOOGLE_PORT,
      config.OIDC_GOOGLE_CLIENT_ID,
      config.OIDC_GOOGLE_CLIENT_SECRET,
    ],
    [
      'Apple',
      config.OIDC_SIM_APPLE_PORT,
      config.OIDC_APPLE_CLIENT_ID,
      config.OIDC_APPLE_CLIENT_SECRET,
    ],
  ] as const) {
    const op = await startLocalOidc({
      name,
      host: config.OIDC_SIM_HOST,
      port,
      testIdentities: identities,
      clients: [
        {
          clientId,
          clientSecret,
          redirectUri: `${base}/v1/auth/public/oauth/${name.toLowerCase()}/callback`,
        },
      ],
    });
    providers.push(op);
    log.info({ issuer: op.issuer }, `local ${name} sign-in provider listening`);
  }
}

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void Promise.allSettled(providers.map((p) => p.close())).then(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

main().catch((err: unknown) => {
  log.error({ err }, 'the local OpenID provider did not start');
  process.exit(1);
});
