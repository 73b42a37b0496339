import { z } from 'zod';
import { text } from './text.js';
import { get, post } from './endpoint.js';

/**
 * Uploaded files: the places a file is uploaded for and the rules of each (domain spec section
 * 5, "Files"). The type is decided by the file's content, never by its name or the browser's
 * content type; images are re-encoded, PDFs are accepted only where documents are.
 */

/** Types a file can be, by content. */
export const FILE_TYPES = {
  JPEG: { mime: 'image/jpeg', ext: 'jpg', label: 'JPG' },
  PNG: { mime: 'image/png', ext: 'png', label: 'PNG' },
  PDF: { mime: 'application/pdf', ext: 'pdf', label: 'PDF' },
} as const;
export type FileType = keyof typeof FILE_TYPES;
export type FileMime = (typeof FILE_TYPES)[FileType]['mime'];

const MB = 1024 * 1024;

export interface FilePlaceRule {
  readonly types: readonly FileType[];
  /** Bytes of one file as uploaded. */
  readonly maxBytes: number;
  /** Files one form field takes (one upload request holds at most `maxFiles`). */
  readonly minFiles: number;
  readonly maxFiles: number;
}

/**
 * Where a file is uploaded for. The spec's "some uploads 1 MB" and "some places JPEG and PDF only"
 * name no place, so no place has those rules yet; add one here when a screen needs it.
 */
export const FILE_PLACE_RULES = {
  /** ID front, ID back, photo holding the ID (one field each). */
  KYC_ID_IMAGE: { types: ['JPEG', 'PNG'], maxBytes: 2 * MB, minFiles: 1, maxFiles: 2 },
  KYC_ADDRESS_PROOF: { types: ['JPEG', 'PNG', 'PDF'], maxBytes: 5 * MB, minFiles: 1, maxFiles: 3 },
  /** Registration certificates, articles, resolutions, lists and the other institution documents. */
  KYC_COMPANY_DOCUMENT: {
    types: ['JPEG', 'PNG', 'PDF'],
    maxBytes: 5 * MB,
    minFiles: 1,
    maxFiles: 3,
  },
  /** ID of a shareholder above 25 % ownership. */
  KYC_SHAREHOLDER_ID: { types: ['JPEG', 'PNG'], maxBytes: 2 * MB, minFiles: 1, maxFiles: 2 },
  /** Proof attached to an account cancellation request. */
  CANCELLATION_PROOF: { types: ['JPEG', 'PNG'], maxBytes: 2 * MB, minFiles: 1, maxFiles: 2 },
} as const satisfies Record<string, FilePlaceRule>;

export type FilePlace = keyof typeof FILE_PLACE_RULES;
export const FILE_PLACES = Object.keys(FILE_PLACE_RULES) as [FilePlace, ...FilePlace[]];
export const filePlace = z.enum(FILE_PLACES);

/** The largest file and the most files of any place: the multipart parser's own ceiling. */
export const FILE_UPLOAD_CEILING = {
  maxBytes: Math.max(...Object.values(FILE_PLACE_RULES).map((r) => r.maxBytes)),
  maxFiles: Math.max(...Object.values(FILE_PLACE_RULES).map((r) => r.maxFiles)),
};

/** What one account may keep in all: a bound on storage per user whatever the places. */
export const FILE_QUOTA = { maxFiles: 50, maxBytes: 100 * MB } as const;

/** Longest side of a stored image; larger pictures are scaled down when re-encoded. */
export const FILE_IMAGE_MAX_SIDE = 4096;

/** The accepted types of a place as the message shows them ("JPG, PNG"). */
export function fileTypeLabels(place: FilePlace): string {
  return FILE_PLACE_RULES[place].types.map((t) => FILE_TYPES[t].label).join(', ');
}

export const fileId = z.uuid();

/** `POST /v1/files/upload?place=...` (multipart: one or more file parts). */
export const uploadFilesQuery = z.strictObject({ place: filePlace });

export const storedFileInfo = z.object({
  id: fileId,
  name: z.string(),
  mime: z.enum([FILE_TYPES.JPEG.mime, FILE_TYPES.PNG.mime, FILE_TYPES.PDF.mime]),
  /** Bytes of the stored file (after re-encoding), what a download returns. */
  size: z.number().int().nonnegative(),
});
export type StoredFileInfo = z.infer<typeof storedFileInfo>;

export const uploadFilesResponse = z.object({ files: z.array(storedFileInfo) });
export type UploadFilesResponse = z.infer<typeof uploadFilesResponse>;

/** `GET /v1/files/:id` */
export const fileIdParams = z.strictObject({ id: fileId });

/** `GET /v1/files/public/review/:id?exp=&sig=`: the reviewer's signed, short-lived link. */
export const reviewFileQuery = z.strictObject({
  /** Unix seconds after which the link no longer works. */
  exp: z.coerce.number().int().positive(),
  sig: text()
    .regex(/^[A-Za-z0-9_-]{43}$/)
    .describe('HMAC-SHA256 of "<id>.<exp>", base64url'),
});

export const FILE_ENDPOINTS = {
  upload: post('/v1/files/upload'),
  file: get('/v1/files/:id'),
  /** A file as the verification provider's reviewer fetches it (signed link). */
  review: get('/v1/files/public/review/:id'),
} as const;
