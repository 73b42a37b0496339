// `npm run docs:config`: rewrites the settings table of docs/configuration.md from env.ts.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SETTINGS_DOC, withSettingsTable } from './settings-doc.js';

const file = fileURLToPath(new URL(`../../../../${SETTINGS_DOC}`, import.meta.url));
const before = readFileSync(file, 'utf8');
const after = withSettingsTable(before);
if (after === before) process.stdout.write(`${SETTINGS_DOC} is up to date.\n`);
else {
  writeFileSync(file, after);
  process.stdout.write(`Wrote the settings table of ${SETTINGS_DOC}.\n`);
}
