import {
  FILE_PLACE_RULES,
  FILE_TYPES,
  fileTypeLabels,
  type FilePlace,
  type StoredFileInfo,
} from '@exchange/contracts';

/** A file the gateway stored: one entry of the upload's answer. */
export interface UploadedFile {
  id: string;
  name: string;
  /** Empty for a file known only by id (restored from the server's draft). */
  mime: StoredFileInfo['mime'] | '';
  size: number;
}

export interface PlaceRule {
  mimes: readonly string[];
  maxBytes: number;
  maxFiles: number;
}

/** The uploads' own rules per place (types by content, size, count); the gateway checks the same. */
export function placeRule(place: FilePlace): PlaceRule {
  const rule = FILE_PLACE_RULES[place];
  return {
    mimes: rule.types.map((t) => FILE_TYPES[t].mime),
    maxBytes: rule.maxBytes,
    maxFiles: rule.maxFiles,
  };
}

export type FileProblem =
  | { key: 'fileType'; params: { types: string } }
  | { key: 'fileSize'; params: { max: string } }
  | { key: 'fileCount'; params: { max: number } };

export const typesLabel = (place: FilePlace) => fileTypeLabels(place);

const MB = 1024 * 1024;

/**
 * Why a chosen file cannot go to `place`, given how many it already holds; null when it can. The
 * browser's type is only a first check (the gateway decides by content), so a wrong file is
 * refused before it is sent.
 */
export function fileProblem(
  place: FilePlace,
  file: { type: string; size: number },
  held: number,
): FileProblem | null {
  const rule = placeRule(place);
  if (held >= rule.maxFiles) return { key: 'fileCount', params: { max: rule.maxFiles } };
  if (!rule.mimes.includes(file.type))
    return { key: 'fileType', params: { types: typesLabel(place) } };
  if (file.size > rule.maxBytes)
    return { key: 'fileSize', params: { max: `${rule.maxBytes / MB} MB` } };
  return null;
}

export const fileIds = (files: readonly UploadedFile[]) => files.map((f) => f.id);

/** Files the server's draft names by id: shown by a generic icon until chosen again. */
export const storedFiles = (ids: readonly string[] | undefined): UploadedFile[] =>
  (ids ?? []).map((id) => ({ id, name: id, mime: '', size: 0 }));
