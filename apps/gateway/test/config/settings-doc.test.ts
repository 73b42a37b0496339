import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../../src/config/env.js';
import {
  SETTINGS_COMMAND,
  SETTINGS_DOC,
  settingsTable,
  withSettingsTable,
} from '../../src/config/settings-doc.js';

const doc = readFileSync(
  fileURLToPath(new URL(`../../../../${SETTINGS_DOC}`, import.meta.url)),
  'utf8',
);

describe('the settings table of docs/configuration.md', () => {
  it('is what the gateway environment schema writes', () => {
    const fresh = withSettingsTable(doc);
    expect(
      fresh === doc,
      `${SETTINGS_DOC} is stale: run \`${SETTINGS_COMMAND}\` and commit the result`,
    ).toBe(true);
  });

  it('has a row with a description for every setting, its default and required ones marked', () => {
    const table = settingsTable();
    const names = Object.keys(envSchema.shape);
    expect(table.split('\n')).toHaveLength(names.length + 2);
    for (const name of names) expect(table).toContain(`| \`${name}\``);
    const row = (name: string) =>
      table
        .split('\n')
        .find((l) => l.startsWith(`| \`${name}\` `))
        ?.split('|')
        .map((c) => c.trim());
    expect(row('PORT')?.[2]).toBe('`8080`');
    expect(row('DATABASE_URL')?.[2]).toBe('required');
    expect(row('AUTH_SECRET')?.[2]).toBe('required');
    expect(row('COOKIE_DOMAIN')?.[2]).toBe('');
    expect(row('TRIAL_FUNDING')?.[2]).toBe('`USDT=10000,USD=10000`');
    expect(row('SETTLEMENT')?.[2]).toBe('`true`');
  });

  it('keeps the prose around it', () => {
    const changed = doc.replace('| `PORT`', '| `PORT_OLD`');
    expect(changed).not.toBe(doc);
    expect(withSettingsTable(changed)).toBe(withSettingsTable(doc));
  });
});
