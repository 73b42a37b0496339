import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  FILE_ENDPOINTS,
  fillPath,
  FILE_PLACE_RULES,
  FILE_QUOTA,
  FILE_TYPES,
  fileTypeLabels,
  type FileMime,
  type FilePlace,
  type StoredFileInfo,
} from '@exchange/contracts';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { AppError } from '../../../lib/app-error.js';
import { checkPdf, detectFileType, reencodeImage } from './content-check.js';
import type { FileCipher } from './file-crypto.js';
import type { FileStorage } from './file-storage.js';

/** Signs and checks the reviewer's links to files. */
export interface ReviewLinks {
  /** HMAC key of the links (derived from AUTH_SECRET, see files/index.ts). */
  secret: Buffer;
  clock: Clock;
  /** Origin the reviewer reaches the exchange at; the link is absolute when set. */
  baseUrl?: string;
}

export interface FilesDeps {
  db: Db;
  storage: FileStorage;
  cipher: FileCipher;
  links: ReviewLinks;
  /** Schedules the later removal of whichever of these keys end up without a row (sweep-job.ts). */
  sweepLater(keys: string[]): Promise<void>;
}

/** One uploaded part as the multipart parser hands it over. */
export interface UploadPart {
  filename: string;
  /** The content, read up to the place's size limit. */
  toBuffer(): Promise<Buffer>;
  /** Set by the parser once it cut the part at the limit. */
  file: { truncated: boolean };
}

const MB = 1024 * 1024;

/**
 * Checks, re-encodes, encrypts and stores each uploaded file of a place, then records them in
 * one transaction under the owner's quota. A failure anywhere (a bad file, too many, too big,
 * the quota) removes what this request already stored: no file and no row remain.
 */
export async function uploadFiles(
  deps: FilesDeps,
  opts: { ownerId: string; place: FilePlace; parts: AsyncIterable<UploadPart> },
): Promise<StoredFileInfo[]> {
  const rule = FILE_PLACE_RULES[opts.place];
  await assertQuota(deps.db, opts.ownerId, 0, 0);
  // The keys are chosen, and their sweep scheduled, before anything is written.
  const keys = Array.from({ length: rule.maxFiles }, () => randomUUID());
  await deps.sweepLater(keys);
  const stored: (StoredFileInfo & { sha256: string; storageKey: string })[] = [];
  try {
    for await (const part of opts.parts) {
      if (stored.length >= rule.maxFiles) throw new AppError('FILE_COUNT_LIMIT');
      const content = await readPart(part, rule.maxBytes);
      const type = detectFileType(content);
      if (!type || !(rule.types as readonly string[]).includes(type))
        throw new AppError('FILE_TYPE_NOT_ALLOWED', { types: fileTypeLabels(opts.place) });
      let kept: Buffer;
      if (type === 'PDF') {
        checkPdf(content);
        kept = content;
      } else {
        kept = await reencodeImage(content, type);
      }
      const storageKey = keys[stored.length];
      if (!storageKey) throw new AppError('FILE_COUNT_LIMIT');
      await deps.storage.put(storageKey, deps.cipher.encrypt(storageKey, kept));
      stored.push({
        id: randomUUID(),
        name: cleanName(part.filename, FILE_TYPES[type].ext),
        mime: FILE_TYPES[type].mime,
        size: kept.length,
        sha256: createHash('sha256').update(kept).digest('hex'),
        storageKey,
      });
    }
    if (stored.length < rule.minFiles)
      throw new AppError('FILE_REQUIRED', { minFiles: rule.minFiles });
    await deps.db.$transaction(async (tx) => {
      // One upload per owner at a time past this point, so two cannot both fit the last space.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`stored_file:${opts.ownerId}`}))`;
      await assertQuota(
        tx,
        opts.ownerId,
        stored.length,
        stored.reduce((sum, f) => sum + f.size, 0),
      );
      await tx.storedFile.createMany({
        data: stored.map((f) => ({ ...f, ownerId: opts.ownerId, place: opts.place })),
      });
    });
  } catch (err) {
    await Promise.allSettled(stored.map((f) => deps.storage.delete(f.storageKey)));
    throw err;
  }
  return stored.map(({ id, name, mime, size }) => ({ id, name, mime, size }));
}

async function readPart(part: UploadPart, maxBytes: number): Promise<Buffer> {
  let content: Buffer;
  try {
    content = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('FILE_TOO_LARGE', { maxMegabytes: maxBytes / MB }, { cause: err });
    throw err;
  }
  // toBuffer() can return the cut content when the last chunk was read before the parser marked
  // the part truncated; the flag is set by the time the stream has ended.
  if (part.file.truncated) throw new AppError('FILE_TOO_LARGE', { maxMegabytes: maxBytes / MB });
  return content;
}

type Tx = Pick<Db, 'storedFile'>;

async function assertQuota(db: Tx, ownerId: string, addFiles: number, addBytes: number) {
  const used = await db.storedFile.aggregate({
    where: { ownerId },
    _count: { _all: true },
    _sum: { size: true },
  });
  if (
    used._count._all + Math.max(addFiles, 1) > FILE_QUOTA.maxFiles ||
    (used._sum.size ?? 0) + addBytes > FILE_QUOTA.maxBytes
  )
    throw new AppError('FILE_QUOTA_EXCEEDED', {
      maxFiles: FILE_QUOTA.maxFiles,
      maxMegabytes: FILE_QUOTA.maxBytes / MB,
    });
}

/**
 * The name shown back: the last path segment, without control or quoting characters, at most
 * 100 characters, with the extension of the detected type. It never names anything on disk.
 */
export function cleanName(filename: string, ext: string): string {
  const base = (filename.split(/[/\\]/).pop() ?? '')
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f"<>|:*?\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .trim()
    .slice(0, 100 - ext.length - 1);
  return `${base || 'file'}.${ext}`;
}

/** A stored file's content, decrypted and authenticated, with what a download needs. */
export interface FileContent {
  name: string;
  mime: FileMime;
  content: Buffer;
}

/** The owner's file; anyone else's, or a file that does not exist, is FILE_NOT_FOUND alike. */
export async function readOwnFile(
  deps: FilesDeps,
  opts: { ownerId: string; id: string },
): Promise<FileContent> {
  const row = await deps.db.storedFile.findFirst({ where: { id: opts.id, ownerId: opts.ownerId } });
  if (!row) throw new AppError('FILE_NOT_FOUND');
  return decrypted(deps, row);
}

/** A file through the reviewer's signed link: a bad or expired link is FILE_LINK_INVALID. */
export async function readForReview(
  deps: FilesDeps,
  opts: { id: string; exp: number; sig: string },
): Promise<FileContent> {
  if (!validReviewSignature(deps.links, opts)) throw new AppError('FILE_LINK_INVALID');
  const row = await deps.db.storedFile.findUnique({ where: { id: opts.id } });
  if (!row) throw new AppError('FILE_NOT_FOUND');
  return decrypted(deps, row);
}

async function decrypted(
  deps: FilesDeps,
  row: { name: string; mime: string; storageKey: string },
): Promise<FileContent> {
  const stream = await deps.storage.get(row.storageKey);
  if (!stream) throw new AppError('FILE_NOT_FOUND');
  const sealed = await readAll(stream);
  return {
    name: row.name,
    mime: row.mime as FileMime,
    content: deps.cipher.decrypt(row.storageKey, sealed),
  };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function reviewSignature(secret: Buffer, id: string, exp: number): string {
  return createHmac('sha256', secret).update(`${id}.${exp}`).digest('base64url');
}

function validReviewSignature(
  links: ReviewLinks,
  opts: { id: string; exp: number; sig: string },
): boolean {
  if (opts.exp * 1000 <= links.clock.now()) return false;
  const expected = Buffer.from(reviewSignature(links.secret, opts.id, opts.exp));
  const given = Buffer.from(opts.sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The longest a reviewer link lives: a link leaked from a review log dies within a day. */
export const REVIEW_LINK_MAX_TTL_SECONDS = 24 * 3600;

/**
 * The link the KYC reviewer (an outside party) reads a file through, valid for `ttlSeconds` of
 * the exchange's clock (1 s to REVIEW_LINK_MAX_TTL_SECONDS):
 * `/v1/files/public/review/:id?exp=<unix seconds>&sig=<HMAC>`. It opens this one file and
 * nothing else. Absolute (PUBLIC_BASE_URL) when `links.baseUrl` is set, as `app.files.links` is.
 */
export function reviewerUrl(fileId: string, ttlSeconds: number, links: ReviewLinks): string {
  const ttl = Math.min(REVIEW_LINK_MAX_TTL_SECONDS, Math.max(1, Math.floor(ttlSeconds)));
  const exp = Math.floor(links.clock.now() / 1000) + ttl;
  const sig = reviewSignature(links.secret, fileId, exp);
  const path = `${fillPath(FILE_ENDPOINTS.review.path, { id: fileId })}?exp=${exp}&sig=${sig}`;
  return links.baseUrl ? new URL(path, links.baseUrl).toString() : path;
}

/**
 * For the KYC feature (and account cancellation): throws unless every id is a file of `ownerId`
 * uploaded for `place`, and their number fits the place's rule. Ids of another owner are
 * refused exactly like ids that do not exist.
 */
export async function assertOwnedFiles(
  db: Pick<Db, 'storedFile'>,
  ownerId: string,
  ids: readonly string[],
  place: FilePlace,
): Promise<void> {
  const rule = FILE_PLACE_RULES[place];
  const unique = [...new Set(ids)];
  if (unique.length < rule.minFiles)
    throw new AppError('FILE_REQUIRED', { minFiles: rule.minFiles });
  if (unique.length > rule.maxFiles) throw new AppError('FILE_COUNT_LIMIT');
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!unique.every((id) => uuid.test(id))) throw new AppError('FILES_NOT_ACCEPTED', { place });
  const found = await db.storedFile.count({ where: { id: { in: unique }, ownerId, place } });
  if (found !== unique.length) throw new AppError('FILES_NOT_ACCEPTED', { place });
}
