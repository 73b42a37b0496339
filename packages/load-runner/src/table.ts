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
