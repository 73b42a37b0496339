import type { Schema } from '../../../lib/api-client';
import type { UploadedFile } from '../lib/files';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function fail(what: string): never {
  throw new Error(`unexpected ${what}`);
}

function uploadedFile(v: unknown): UploadedFile {
  if (
    !isObject(v) ||
    typeof v.id !== 'string' ||
    typeof v.name !== 'string' ||
    typeof v.mime !== 'string' ||
    typeof v.size !== 'number'
  ) {
    fail('uploaded file');
  }
  return { id: v.id, name: v.name, mime: v.mime, size: v.size };
}

/**
 * The answer of `POST /v1/files/upload`: `{ files: [{ id, name, mime, size }] }`. Checked here
 * until the uploads' schema is in the contracts (issue 17's uploads branch).
 */
export const uploadResponse: Schema<{ files: UploadedFile[] }> = {
  parse(input) {
    if (!isObject(input) || !Array.isArray(input.files)) fail('upload answer');
    return { files: input.files.map(uploadedFile) };
  },
};

/** Answers the caller does not read (a saved draft). */
export const anything: Schema<unknown> = { parse: (input) => input };
