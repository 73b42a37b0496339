import { withLocalSecrets } from '@exchange/contracts/secrets-file';
import { loadEnv, type Env } from './env.js';

/**
 * The settings of an operator's command beside `npm start`: the exchange it runs unless the
 * environment says otherwise (the same defaults as start.ts: its database, Redis and key
 * prefix), with the installation's generated secrets under the environment. `defaults` are
 * the command's own, also only where the environment sets nothing.
 */
export function localInstallationEnv(defaults: Record<string, string> = {}): Env {
  process.env.DATABASE_URL ??= 'postgresql://postgres@localhost:5432/exchange';
  process.env.REDIS_URL ??= 'redis://127.0.0.1:6379';
  process.env.REDIS_PREFIX ??= `ex:${new URL(process.env.DATABASE_URL).pathname.slice(1)}:`;
  process.env.NODE_ENV ??= 'development';
  for (const [name, value] of Object.entries(defaults)) process.env[name] ??= value;
  return loadEnv(withLocalSecrets(process.env));
}
