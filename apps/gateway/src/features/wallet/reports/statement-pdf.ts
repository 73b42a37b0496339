import { existsSync } from 'node:fs';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import {
  RUNTIME_MODE_LABELS,
  flowLabel,
  hongKongTime,
  type ErrorLanguage,
  type FundFlow,
  type RuntimeMode,
  type StatementSummary,
} from '@exchange/contracts';

/**
 * The languages whose flow names the PDF prints with its built-in font (Helvetica, WinAnsi). The
 * statement is an English document; French and German users also get the flow names in their
 * language. Chinese, Japanese and Korean users get theirs too where the machine has the Noto
 * CJK font (Debian's fonts-noto-cjk; it is embedded as a subset of the glyphs used). Arabic
 * would need right-to-left reordering, which pdfkit lacks: those users, and CJK users on a
 * machine without the font, get English names here and every name in their language in the CSV.
 */
const PDF_LANGUAGES: readonly ErrorLanguage[] = ['en', 'fr', 'de'];

/** The face of the Noto CJK collection for each language (its glyph forms differ). */
const CJK_FACES: Partial<Record<ErrorLanguage, string>> = {
  'zh-CN': 'NotoSansCJKsc-Regular',
  'zh-TW': 'NotoSansCJKtc-Regular',
  ja: 'NotoSansCJKjp-Regular',
  ko: 'NotoSansCJKkr-Regular',
};
const CJK_FONT_FILES = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc',
];
let cjkFontFile: string | null | undefined;
/** The Noto CJK collection on this machine, if any (looked up once). */
function cjkFont(): string | null {
  cjkFontFile ??= CJK_FONT_FILES.find((f) => existsSync(f)) ?? null;
  return cjkFontFile;
}

/** Text the built-in font can draw: WinAnsi is Latin-1 plus a few; anything else becomes '?'. */
const drawable = (s: string) =>
  s.replace(/[^\u0020-\u007e\u00a0-\u00ff\u2013\u2014\u2019\u20ac]/g, '?');

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const LINE = 11;
/** Lines laid out between two turns of the event loop (under two pages). */
const YIELD_EVERY_LINES = 100;
/** [title, width, right-aligned] of the lines' table. */
const COLUMNS: readonly [string, number, boolean][] = [
  ['Time (HKT)', 88, false],
  ['Code', 40, false],
  ['Flow', 157, false],
  ['Available', 77, true],
  ['Frozen', 77, true],
  ['Total', 76, true],
];

export interface PdfStatementOptions {
  exchangeName: string;
  summary: StatementSummary;
  /** The month's lines of one asset, oldest first, a page at a time. */
  flowsOf: (asset: string) => AsyncIterable<FundFlow[]>;
  language: ErrorLanguage;
}

/**
 * A statement a user can file: the exchange, the account (UID, e-mail), the period in Hong Kong
 * time and the mode; a summary per asset (opening, credits, debits, closing); then every line of
 * the month per asset with its flow code and name. Written as the lines stream in, so memory
 * holds one page of lines, and the event loop is given back between pages of the ledger.
 */
export function statementPdf(opts: PdfStatementOptions): PDFKit.PDFDocument {
  const { summary } = opts;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `${opts.exchangeName} statement ${summary.month} ${summary.uid}`,
      Author: opts.exchangeName,
      Subject: `Account statement ${summary.month}`,
    },
  });
  void write(doc, opts).catch((err: unknown) => (doc as unknown as Readable).destroy(err as Error));
  return doc;
}

async function write(doc: PDFKit.PDFDocument, opts: PdfStatementOptions): Promise<void> {
  const { summary } = opts;
  const face = CJK_FACES[opts.language];
  const cjkFile = face ? cjkFont() : null;
  if (face && cjkFile) doc.registerFont('names', cjkFile, face);
  const namesFont = cjkFile ? 'names' : null;
  const nameLanguage = PDF_LANGUAGES.includes(opts.language) || namesFont ? opts.language : 'en';
  const mode = RUNTIME_MODE_LABELS[summary.mode as RuntimeMode]?.word ?? String(summary.mode);
  const width = A4.width - 2 * MARGIN;
  let y = MARGIN;

  const text = (s: string, x: number, w: number, right = false, size = 8, bold = false) => {
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(size)
      .text(drawable(s), x, y, { width: w, align: right ? 'right' : 'left', lineBreak: false });
  };
  /** A flow name: in the CJK font when the language has one here. */
  const name = (s: string, x: number, w: number) => {
    if (!namesFont) return text(s, x, w, false, 7.5);
    doc.font(namesFont).fontSize(7.5).text(s, x, y, { width: w, lineBreak: false });
  };
  let pageNo = 0;
  // Every page names the account, the month and its number, so loose pages can be filed.
  const footer = () => {
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing inside the margin must not start another page
    doc
      .font('Helvetica')
      .fontSize(7)
      .fillColor('#666666')
      .text(
        drawable(
          `${opts.exchangeName} · UID ${summary.uid} · ${summary.month} · ${mode} · page ${++pageNo}`,
        ),
        MARGIN,
        A4.height - MARGIN + 12,
        { width, align: 'center', lineBreak: false },
      )
      .fillColor('#000000');
    doc.page.margins.bottom = bottom;
  };
  const room = (needed: number, onNewPage?: () => void) => {
    if (y + needed <= A4.height - MARGIN - 14) return;
    doc.addPage();
    footer();
    y = MARGIN;
    onNewPage?.();
  };
  footer();

  // Header
  text(opts.exchangeName, MARGIN, width, false, 16, true);
  y += 22;
  text(`Account statement  ${summary.month}`, MARGIN, width, false, 12, true);
  y += 18;
  const details: [string, string][] = [
    ['UID', summary.uid],
    ['E-mail', summary.email],
    [
      'Period',
      `${hongKongTime(summary.from)} to ${hongKongTime(summary.to)} (Hong Kong time, UTC+8)`,
    ],
    ['Mode', mode],
    ['Generated', `${hongKongTime(summary.generatedAt)} (HKT)`],
  ];
  for (const [k, v] of details) {
    text(k, MARGIN, 70, false, 9, true);
    text(v, MARGIN + 70, width - 70, false, 9);
    y += 13;
  }
  y += 8;

  // Summary per asset
  text('Summary', MARGIN, width, false, 11, true);
  y += 16;
  const sumCols: [string, number][] = [
    ['Asset', 60],
    ['Opening', 115],
    ['Credits', 115],
    ['Debits', 115],
    ['Closing', 110],
  ];
  const row = (cells: string[], bold = false) => {
    let x = MARGIN;
    cells.forEach((c, i) => {
      const w = sumCols[i]?.[1] ?? 60;
      text(c, x, w - 4, i > 0, 8, bold);
      x += w;
    });
    y += LINE;
  };
  row(
    sumCols.map(([t]) => t),
    true,
  );
  rule(doc, y - 2, width);
  if (summary.assets.length === 0) {
    text('No balance and no activity in this period.', MARGIN, width, false, 8);
    y += LINE;
  }
  for (const a of summary.assets) {
    room(LINE);
    row([a.asset, a.opening.total, a.credits, a.debits, a.closing.total]);
  }
  y += 6;
  text(
    'Balances are available plus frozen. Opening + credits + debits = closing, to the last unit.',
    MARGIN,
    width,
    false,
    7,
  );
  y += 18;

  // Lines, per asset, each asset's lines read from the ledger in time order on their own.
  const header = (asset: string, cont = false) => {
    room(LINE * 4);
    text(`${asset}${cont ? ' (continued)' : ''}`, MARGIN, width, false, 10, true);
    y += 14;
    let x = MARGIN;
    for (const [t, w, right] of COLUMNS) {
      text(t, x, w - 4, right, 7.5, true);
      x += w;
    }
    y += LINE;
    rule(doc, y - 2, width);
  };
  let drawn = 0;
  for (const { asset } of summary.assets.filter((a) => a.lines > 0)) {
    header(asset);
    for await (const page of opts.flowsOf(asset)) {
      for (const f of page) {
        room(LINE, () => header(asset, true));
        const cells = [
          hongKongTime(f.time),
          String(f.flowType),
          flowLabel(f.flowType, nameLanguage),
          f.available,
          f.frozen,
          f.total,
        ];
        let x = MARGIN;
        COLUMNS.forEach(([, w, right], i) => {
          if (i === 2) name(cells[i] ?? '', x, w - 4);
          else text(cells[i] ?? '', x, w - 4, right, 7.5);
          x += w;
        });
        y += LINE;
        // Laying out a line is synchronous work: give the loop back every few pages of it.
        if (++drawn % YIELD_EVERY_LINES === 0) await yieldToLoop();
      }
    }
    y += 10;
  }
  doc.end();
}

function rule(doc: PDFKit.PDFDocument, y: number, width: number) {
  doc
    .moveTo(MARGIN, y + LINE - 1)
    .lineTo(MARGIN + width, y + LINE - 1)
    .lineWidth(0.5)
    .strokeColor('#999999')
    .stroke();
}
