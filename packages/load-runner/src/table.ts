/** A plain text table: | figure | value | target |. */
export function renderTable(
  title: string,
  rows: readonly (readonly [string, string, string?])[],
): string {
  const head = ['figure', 'measured', 'target'] as const;
  const w0 = Math.max(head[0].length, ...rows.map((r) => r[0].length));
  const w1 = Math.max(head[1].length, ...rows.map((r) => r[1].length));
  const w2 = Math.max(head[2].length, ...rows.map((r) => (r[2] ?? '').length));
  const line = (a: string, b: string, c: string) =>
    `| ${a.padEnd(w0)} | ${b.padStart(w1)} | ${c.padEnd(w2)} |`;
  const rule = `|${'-'.repeat(w0 + 2)}|${'-'.repeat(w1 + 2)}|${'-'.repeat(w2 + 2)}|`;
  return [title, line(...head), rule, ...rows.map((r) => line(r[0], r[1], r[2] ?? ''))].join('\n');
}

export function ms(v: number): string {
  if (!Number.isFinite(v)) return 'n/a';
  return v >= 100 ? `${v.toFixed(0)} ms` : `${v.toFixed(1)} ms`;
}

export function num(v: number, digits = 0): string {
  if (!Number.isFinite(v)) return 'n/a';
  return v.toLocaleString('en-US', {
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
  });
}

/** Bytes in kB of 1,000 bytes, as Vite and browsers' network panels print them. */
export function kb(bytes: number): string {
  if (!Number.isFinite(bytes)) return 'n/a';
  return `${(bytes / 1000).toFixed(1)} kB`;
}

export interface GridRow {
  figure: string;
  /** One value per column (exchange configuration). */
  values: string[];
  target: string;
  /** The pgbench comparison, where one applies. */
  pgbench: string;
  /** met / MISSED per column, where the row has a target. */
  verdict: string;
}

/** A table with one measured column per configuration: | figure | ...columns | target | vs pgbench | verdict |. */
export function renderGrid(
  title: string,
  columns: readonly string[],
  rows: readonly GridRow[],
): string {
  const head = ['figure', ...columns, 'target', 'vs pgbench', 'met?'];
  const cells = rows.map((r) => [
    r.figure,
    ...columns.map((_, i) => r.values[i] ?? ''),
    r.target,
    r.pgbench,
    r.verdict,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (c: readonly string[]) =>
    `| ${c
      .map((v, i) =>
        i > 0 && i <= columns.length ? v.padStart(widths[i] ?? 0) : v.padEnd(widths[i] ?? 0),
      )
      .join(' | ')} |`;
  const rule = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  return [title, line(head), rule, ...cells.map(line)].join('\n');
}
