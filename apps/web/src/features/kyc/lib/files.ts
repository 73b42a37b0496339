import { KYC_FILE_COUNTS, UPLOAD_LIMITS, type KycFilePlace } from '@exchange/contracts';

/** A file the gateway stored: the answer of `POST /v1/files/upload` (one entry of `files`). */
export interface UploadedFile {
  id: string;
  name: string;
  mime: string;
  size: number;
}

export interface PlaceRule {
  mimes: readonly string[];
  maxBytes: number;
  maxFiles: number;
}

const IMAGES = ['image/jpeg', 'image/png'] as const;
const WITH_PDF = [...IMAGES, 'application/pdf'] as const;

/**
 * What each place accepts (spec section 5): ID photos JPG or PNG up to 2 MB; proofs and company
 * documents also PDF, up to 5 MB; counts from the KYC rules. The gateway checks the same; the
 * client checks first so a wrong file is refused before it is sent.
 */
export const PLACE_RULES: Record<KycFilePlace, PlaceRule> = {
  KYC_ID_IMAGE: {
    mimes: IMAGES,
    maxBytes: UPLOAD_LIMITS.standard.maxBytes,
    maxFiles: KYC_FILE_COUNTS.KYC_ID_IMAGE.max,
  },
  KYC_ADDRESS_PROOF: {
    mimes: WITH_PDF,
    maxBytes: UPLOAD_LIMITS.documents.maxBytes,
    maxFiles: KYC_FILE_COUNTS.KYC_ADDRESS_PROOF.max,
  },
  KYC_COMPANY_DOCUMENT: {
    mimes: WITH_PDF,
    maxBytes: UPLOAD_LIMITS.documents.maxBytes,
    maxFiles: KYC_FILE_COUNTS.KYC_COMPANY_DOCUMENT.max,
  },
  KYC_SHAREHOLDER_ID: {
    mimes: IMAGES,
    maxBytes: UPLOAD_LIMITS.standard.maxBytes,
    maxFiles: KYC_FILE_COUNTS.KYC_SHAREHOLDER_ID.max,
  },
};

export type FileProblem =
  | { key: 'fileType'; params: { types: string } }
  | { key: 'fileSize'; params: { max: string } }
  | { key: 'fileCount'; params: { max: number } };

export const typesLabel = (place: KycFilePlace) =>
  PLACE_RULES[place].mimes.includes('application/pdf') ? 'JPG, PNG, PDF' : 'JPG, PNG';

const MB = 1024 * 1024;

/** Why a chosen file cannot go to `place`, given how many it already holds; null when it can. */
export function fileProblem(
  place: KycFilePlace,
  file: { type: string; size: number },
  held: number,
): FileProblem | null {
  const rule = PLACE_RULES[place];
  if (held >= rule.maxFiles) return { key: 'fileCount', params: { max: rule.maxFiles } };
  if (!rule.mimes.includes(file.type)) return { key: 'fileType', params: { types: typesLabel(place) } };
  if (file.size > rule.maxBytes) return { key: 'fileSize', params: { max: `${rule.maxBytes / MB} MB` } };
  return null;
}

export const fileIds = (files: readonly UploadedFile[]) => files.map((f) => f.id);

/** Files the server's draft names by id: shown by a generic icon until chosen again. */
export const storedFiles = (ids: readonly string[] | undefined): UploadedFile[] =>
  (ids ?? []).map((id) => ({ id, name: id, mime: '', size: 0 }));
