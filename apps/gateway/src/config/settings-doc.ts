import type { z } from 'zod';
import { envSchema } from './env.js';

/*
 * The settings table of docs/configuration.md, written from the gateway's environment schema
 * (every setting's name, default and `.describe()`), so the document cannot drift from the
 * settings the gateway reads. `npm run docs:config` rewrites it; a unit test fails when the
 * document differs.
 */

export const SETTINGS_DOC = 'docs/configuration.md';
export const SETTINGS_COMMAND = 'npm run docs:config';
export const TABLE_START = `<!-- The gateway's settings, from apps/gateway/src/config/env.ts: \`${SETTINGS_COMMAND}\` rewrites them to the end marker. -->`;
export const TABLE_END = '<!-- End of the settings table. -->';

interface Def {
  type: string;
  defaultValue?: unknown;
  in?: z.ZodType;
}

/** The value a setting takes when unset, as written in the environment; required or optional. */
function unsetValue(schema: z.ZodType): { value: unknown } | 'optional' | 'required' {
  const def = schema.def as Def;
  switch (def.type) {
    case 'default':
    case 'prefault':
      return { value: def.defaultValue };
    case 'optional':
      return 'optional';
    case 'pipe':
      return def.in ? unsetValue(def.in) : 'required';
    default:
      return 'required';
  }
}

function defaultCell(schema: z.ZodType): string {
  const unset = unsetValue(schema);
  if (unset === 'optional') return '';
  if (unset === 'required') return 'required';
  const { value } = unset;
  const text = Array.isArray(value) ? value.join(',') : String(value);
  return text === '' ? '' : `\`${text}\``;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

/**
 * The table: one row per setting, in the schema's order, its columns padded as Prettier pads
 * them (the document is checked with \`prettier --check\`).
 */
export function settingsTable(): string {
  const rows = Object.entries(envSchema.shape).map(([name, schema]) => {
    const description = (schema as z.ZodType).description;
    if (!description)
      throw new Error(`${name} in apps/gateway/src/config/env.ts has no .describe()`);
    return [`\`${name}\``, defaultCell(schema as z.ZodType), cell(description)];
  });
  const header = ['setting', 'default', 'what it does'];
  const widths = header.map((h, i) => Math.max(3, h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [header, widths.map((w) => '-'.repeat(w)), ...rows].map(line).join('\n');
}

/** The document with its settings table (between the markers) written from the schema. */
export function withSettingsTable(doc: string): string {
  const start = doc.indexOf(TABLE_START);
  const end = doc.indexOf(TABLE_END);
  if (start < 0 || end < start)
    throw new Error(`${SETTINGS_DOC} has lost the markers of its settings table`);
  return `${doc.slice(0, start + TABLE_START.length)}\n\n${settingsTable()}\n\n${doc.slice(end)}`;
}
