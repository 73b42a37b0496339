import { Decimal } from 'decimal.js';
import {
  flowLabel,
  hongKongTime,
  type ErrorLanguage,
  type FundFlow,
  type StatementSummary,
} from '@exchange/contracts';

/** The byte order mark that makes spreadsheet programs read the file as UTF-8. */
export const BOM = '\uFEFF';
const NUMBER = /^-?\d+(\.\d+)?$/;
/** A cell a spreadsheet would run as a formula (or DDE) if it began with one of these. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One RFC 4180 cell. Text that a spreadsheet would read as a formula is prefixed with `'`
 * (OWASP's advice), except the exact decimals this code writes itself, which stay numbers; a
 * cell with a comma, quote, CR or LF is quoted, its quotes doubled.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (!(typeof value === 'number' || NUMBER.test(text)) && FORMULA_START.test(text))
    text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, CRLF-terminated as RFC 4180 says. */
export function csvRow(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export const FLOW_COLUMNS = [
  'time_hkt',
  'asset',
  'flow_code',
  'flow_name',
  'available',
  'frozen',
  'total',
  'ref_type',
  'ref_id',
  'tx_id',
] as const;

export function flowRow(f: FundFlow, language: ErrorLanguage, section?: string): string {
  return csvRow([
    ...(section ? [section] : []),
    hongKongTime(f.time),
    f.asset,
    f.flowType,
    flowLabel(f.flowType, language),
    f.available,
    f.frozen,
    f.total,
    f.refType,
    f.refId,
    f.txId,
  ]);
}

/**
 * A statement as one table a spreadsheet opens as is: a `section` column says OPENING (one row
 * per asset, at the month's start), FLOW (every line of the month, oldest first) or CLOSING.
 * CLOSING is the opening plus the lines written, summed as they stream, so within an asset
 * OPENING + the FLOW rows = CLOSING, to the unit, in every amount column, even if the ledger
 * grew while the file was written (the summary is then a moment older than the lines).
 */
export async function* statementCsv(
  summary: StatementSummary,
  flows: AsyncIterable<FundFlow[]>,
  language: ErrorLanguage,
): AsyncGenerator<string> {
  yield BOM + csvRow(['section', ...FLOW_COLUMNS]);
  const sums = new Map<string, { available: Decimal; frozen: Decimal }>();
  for (const a of summary.assets) {
    sums.set(a.asset, {
      available: new Decimal(a.opening.available),
      frozen: new Decimal(a.opening.frozen),
    });
    yield csvRow([
      'OPENING',
      hongKongTime(summary.from),
      a.asset,
      '',
      '',
      a.opening.available,
      a.opening.frozen,
      a.opening.total,
    ]);
  }
  for await (const page of flows) {
    for (const f of page) {
      const sum = sums.get(f.asset) ?? { available: new Decimal(0), frozen: new Decimal(0) };
      sums.set(f.asset, {
        available: sum.available.plus(f.available),
        frozen: sum.frozen.plus(f.frozen),
      });
    }
    yield page.map((f) => flowRow(f, language, 'FLOW')).join('');
  }
  for (const [asset, b] of [...sums].sort(([a], [z]) => a.localeCompare(z)))
    yield csvRow([
      'CLOSING',
      hongKongTime(summary.to),
      asset,
      '',
      '',
      b.available.toFixed(),
      b.frozen.toFixed(),
      b.available.plus(b.frozen).toFixed(),
    ]);
}

export async function* flowsCsv(
  flows: AsyncIterable<FundFlow[]>,
  language: ErrorLanguage,
): AsyncGenerator<string> {
  yield BOM + csvRow(FLOW_COLUMNS);
  for await (const page of flows) yield page.map((f) => flowRow(f, language)).join('');
}
