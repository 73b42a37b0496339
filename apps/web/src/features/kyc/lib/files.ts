/** A file the gateway stored: the answer of `POST /v1/files/upload` (one entry of `files`). */
export interface UploadedFile {
  id: string;
  name: string;
  mime: string;
  size: number;
}

export const UploadPlace = {
  KYC_ID_IMAGE: 'KYC_ID_IMAGE',
  KYC_ADDRESS_PROOF: 'KYC_ADDRESS_PROOF',
  KYC_COMPANY_DOCUMENT: 'KYC_COMPANY_DOCUMENT',
  KYC_SHAREHOLDER_ID: 'KYC_SHAREHOLDER_ID',
} as const;
export type UploadPlace = (typeof UploadPlace)[keyof typeof UploadPlace];

export interface PlaceRule {
  /** Accepted MIME types. */
  mimes: readonly string[];
  /** Bytes per file. */
  maxBytes: number;
  maxFiles: number;
}

const MB = 1024 * 1024;
const IMAGES = ['image/jpeg', 'image/png'] as const;

/**
 * What each place accepts (spec section 5: ID photos JPG or PNG up to 2 MB, 1 to 2 files; proofs
 * and company documents also PDF, up to 5 MB, 1 to 3 files). The gateway checks the same limits;
 * the client checks first so a wrong file is refused before it is sent.
 */
export const PLACE_RULES: Record<UploadPlace, PlaceRule> = {
  KYC_ID_IMAGE: { mimes: IMAGES, maxBytes: 2 * MB, maxFiles: 1 },
  KYC_ADDRESS_PROOF: { mimes: [...IMAGES, 'application/pdf'], maxBytes: 5 * MB, maxFiles: 3 },
  KYC_COMPANY_DOCUMENT: { mimes: [...IMAGES, 'application/pdf'], maxBytes: 5 * MB, maxFiles: 3 },
  KYC_SHAREHOLDER_ID: { mimes: IMAGES, maxBytes: 2 * MB, maxFiles: 2 },
};

export type FileProblem =
  | { key: 'fileType'; params: { types: string } }
  | { key: 'fileSize'; params: { max: string } }
  | { key: 'fileCount'; params: { max: number } };

const typeLabel = (mime: string) => (mime === 'application/pdf' ? 'PDF' : mime.split('/')[1]!.toUpperCase());

/** Why a chosen file cannot go to `place`, given how many it already holds; null when it can. */
export function fileProblem(
  place: UploadPlace,
  file: { type: string; size: number },
  held: number,
): FileProblem | null {
  const rule = PLACE_RULES[place];
  if (held >= rule.maxFiles) return { key: 'fileCount', params: { max: rule.maxFiles } };
  if (!rule.mimes.includes(file.type)) {
    const types = [...new Set(rule.mimes.map(typeLabel))].join(', ').replace('JPEG', 'JPG');
    return { key: 'fileType', params: { types } };
  }
  if (file.size > rule.maxBytes) return { key: 'fileSize', params: { max: `${rule.maxBytes / MB} MB` } };
  return null;
}
