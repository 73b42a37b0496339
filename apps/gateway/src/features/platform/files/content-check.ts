import { inflateSync } from 'node:zlib';
import sharp from 'sharp';
import { FILE_IMAGE_MAX_SIDE, type FileType } from '@exchange/contracts';
import { AppError } from '../../../lib/app-error.js';

/**
 * What a file is, by its first bytes (magic numbers). The name and the browser's content type
 * are the client's word and are never trusted.
 */
export function detectFileType(content: Buffer): FileType | null {
  if (content.length >= 3 && content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff)
    return 'JPEG';
  if (content.subarray(0, 8).equals(PNG_SIGNATURE)) return 'PNG';
  if (/^%PDF-[12]\.\d/.test(content.subarray(0, 8).toString('latin1'))) return 'PDF';
  return null;
}
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Pixels a decoded image may have (a 30-megapixel photo, about 120 MB decoded); more is refused before decoding. */
const MAX_INPUT_PIXELS = 30_000_000;

/**
 * Decodes the image and encodes it again in the same format: EXIF, GPS, comments, ICC profiles
 * and anything appended or hidden in extra chunks (polyglots) do not survive; orientation is
 * applied to the pixels first, and the longest side is capped at FILE_IMAGE_MAX_SIDE.
 */
export async function reencodeImage(content: Buffer, type: 'JPEG' | 'PNG'): Promise<Buffer> {
  try {
    const image = sharp(content, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS });
    const { format } = await image.metadata();
    if (format !== (type === 'JPEG' ? 'jpeg' : 'png')) throw new Error(`decoded as ${format}`);
    const resized = image.rotate().resize({
      width: FILE_IMAGE_MAX_SIDE,
      height: FILE_IMAGE_MAX_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    });
    // sharp writes no metadata unless asked (keepMetadata/withMetadata), so none is asked for.
    return await (
      type === 'JPEG'
        ? resized.jpeg({ quality: 90, mozjpeg: true })
        : resized.png({ compressionLevel: 9 })
    ).toBuffer();
  } catch (err) {
    throw new AppError('FILE_UNREADABLE', null, { cause: err });
  }
}

/**
 * Names of PDF features that run code, open other files or programs, or carry files inside the
 * document. Links (/URI) and page-opening destinations are allowed; an /OpenAction or /AA that
 * runs a script needs one of these names, so it is refused through them.
 */
const ACTIVE_NAMES =
  /\/(?:JavaScript|JS|Launch|EmbeddedFiles?|RichMedia|SubmitForm|ImportData|GoToR|GoToE|XFA|Sound|Movie|Rendition)(?![A-Za-z0-9])/;

/** Bytes all of a PDF's compressed streams may inflate to while it is checked. */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

/**
 * A simple check of a PDF, kept as is (PDFs are not re-rendered):
 * - it starts with a `%PDF-` header and has an `%%EOF` trailer in its last kilobyte;
 * - it is not encrypted (encrypted streams cannot be checked, and the reviewer could not read
 *   them);
 * - no name in ACTIVE_NAMES appears in its objects or in any Flate-compressed stream (object
 *   streams included), after undoing `#xx` escapes in names (`/J#61vaScript`).
 * Streams in other encodings (LZW, ASCII85, ...) are not decoded: a name hidden there is not seen.
 * This is a deny list, not a PDF parser; the file is served as an attachment, never inline.
 */
export function checkPdf(content: Buffer): void {
  const tail = content.subarray(Math.max(0, content.length - 1024)).toString('latin1');
  if (!tail.includes('%%EOF')) throw new AppError('FILE_UNREADABLE');
  const raw = content.toString('latin1');
  const texts = [raw];
  let budget = MAX_INFLATED_BYTES;
  const streamStart = /stream\r?\n/g;
  for (let m = streamStart.exec(raw); m; m = streamStart.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    streamStart.lastIndex = end + 'endstream'.length;
    if (!/FlateDecode/.test(raw.slice(Math.max(0, m.index - 512), m.index))) continue;
    let inflated: Buffer;
    try {
      inflated = inflateSync(content.subarray(start, end), {
        maxOutputLength: Math.max(1, budget),
        finishFlush: 2, // Z_SYNC_FLUSH: a stream cut short by its trailing EOL still inflates
      });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
        throw new AppError('FILE_UNREADABLE', null, { cause: err });
      continue;
    }
    budget -= inflated.length;
    texts.push(inflated.toString('latin1'));
  }
  for (const text of texts) {
    const names = text.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
    if (/\/Encrypt(?![A-Za-z0-9])/.test(names)) throw new AppError('FILE_UNREADABLE');
    if (ACTIVE_NAMES.test(names)) throw new AppError('FILE_ACTIVE_CONTENT');
  }
}
