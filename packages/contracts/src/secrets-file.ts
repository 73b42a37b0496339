import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LOCAL_SECRETS_FILE } from './secrets.js';

/**
 * Reading a secrets file (KEY=value lines; # comments; the first line of a key wins). Node only:
 * the gateway, the simulators and their command-line tools use it, never the web client.
 */
export function parseSecretsFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    if (eq <= 0) continue;
    const key = line.slice(0, eq).trim();
    let value = line.slice(eq + 1).trim();
    if (/^(['"]).*\1$/.test(value)) value = value.slice(1, -1);
    if (!(key in out)) out[key] = value;
  }
  return out;
}

/** `source` with the file's values under it: a value set (non-empty) in `source` wins. */
function underneath(
  source: Record<string, string | undefined>,
  file: Record<string, string>,
): Record<string, string | undefined> {
  const out = { ...source };
  for (const [key, value] of Object.entries(file)) if (!out[key]) out[key] = value;
  return out;
}

/**
 * The environment with the secrets of the file SECRETS_FILE names, when it names one (docker
 * compose hands every service the file its `secrets` service generated). A missing or unreadable
 * file is an error: a process told where its secrets are must not start without them.
 */
export function withSecretsFile(
  source: Record<string, string | undefined>,
): Record<string, string | undefined> {
  const file = source.SECRETS_FILE;
  if (!file) return source;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(
      `SECRETS_FILE=${file} cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`,
    );
  }
  return underneath(source, parseSecretsFile(text));
}

/** The repository's `.local/secrets.env` (LOCAL_SECRETS_FILE), wherever the process runs. */
export const localSecretsPath = fileURLToPath(
  new URL(`../../../${LOCAL_SECRETS_FILE}`, import.meta.url),
);

/**
 * For the command-line tools beside `npm start` (npm run sim:chain, ops, wallet:review…): the
 * environment with the installation's generated secrets under it, when `npm start` has made them.
 */
export function withLocalSecrets(
  source: Record<string, string | undefined> = process.env,
): Record<string, string | undefined> {
  const named = withSecretsFile(source);
  if (!existsSync(localSecretsPath)) return named;
  return underneath(named, parseSecretsFile(readFileSync(localSecretsPath, 'utf8')));
}
