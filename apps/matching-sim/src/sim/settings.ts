import { missingSecretMessage, secretProblem } from '@exchange/contracts/secrets';
import { withLocalSecrets, withSecretsFile } from '@exchange/contracts/secrets-file';
import type { z } from 'zod';

/** A simulator's secret setting: the same rule as the gateway's (contracts `secrets.ts`). */
export { secretSetting } from '@exchange/contracts/secrets';

/**
 * A simulator's settings from the environment (and the file SECRETS_FILE names); on a bad or
 * missing one it prints every problem, one a line, and exits.
 */
export function readSettings<T extends z.ZodType>(what: string, schema: T): z.infer<T> {
  let source: Record<string, string | undefined>;
  try {
    source = withSecretsFile(process.env);
  } catch (err) {
    process.stderr.write(`${what}: ${(err as Error).message}\n`);
    process.exit(1);
  }
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  process.stderr.write(`Invalid ${what} configuration:\n${lines.join('\n')}\n`);
  process.exit(1);
}

/**
 * The secret a command-line tool signs with: from the environment, else from the installation's
 * secrets that `npm start` generated (.local/secrets.env); without either it says so and exits.
 */
export function cliSecret(name: string): string {
  const value = withLocalSecrets(process.env)[name];
  const problem = value ? secretProblem(value) : null;
  if (!value || problem) {
    process.stderr.write(`${value ? `${name} ${problem}` : missingSecretMessage(name)}\n`);
    process.exit(1);
  }
  return value;
}
