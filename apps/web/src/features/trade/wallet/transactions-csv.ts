import { type LedgerFlow, type TransactionType, type WalletTransaction } from '@exchange/contracts';

/**
 * CSV exports of transaction history: the lines as the page shows them (one row per line and
 * asset, exact amounts), and the ledger entries behind them for auditors (one row per leg).
 */
function cell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null | undefined)[])[],
): string {
  return `${[header, ...rows].map((r) => r.map(cell).join(',')).join('\n')}\n`;
}

export function transactionsCsv(
  lines: readonly WalletTransaction[],
  typeLabel: (type: TransactionType) => string,
): string {
  const rows = lines.flatMap((l) =>
    l.changes.map((c) => [
      l.createdAt,
      l.type,
      typeLabel(l.type),
      l.trade?.symbol ?? '',
      l.trade?.side ?? '',
      l.trade?.orderId ?? '',
      l.trade?.id ?? '',
      c.asset,
      c.amount,
      c.fee,
      l.id,
    ]),
  );
  return csv(
    [
      'time',
      'type',
      'description',
      'symbol',
      'side',
      'orderId',
      'tradeId',
      'asset',
      'amount',
      'fee',
      'reference',
    ],
    rows,
  );
}

export function flowsCsv(
  entries: readonly LedgerFlow[],
  flowLabel: (code: number) => string,
): string {
  const rows = entries.map((e) => {
    return [
      e.createdAt,
      e.asset,
      e.amount,
      e.bucket,
      e.flowType,
      flowLabel(e.flowType),
      e.refType,
      e.refId,
      e.txId,
    ];
  });
  return csv(
    ['time', 'asset', 'amount', 'bucket', 'flowType', 'flowName', 'refType', 'refId', 'txId'],
    rows,
  );
}

export function downloadCsv(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
