import { FILE_ENDPOINTS, uploadFilesResponse, type FilePlace } from '@exchange/contracts';
import type { ApiClient } from './api-client';
import type { UploadedFile } from './files';

export const UPLOAD_PATH = FILE_ENDPOINTS.upload.path;

/** Sends one file to a place; `onProgress` gets the share sent, 0 to 1. */
export async function uploadFile(
  client: ApiClient,
  place: FilePlace,
  file: File,
  opts: { onProgress?: (share: number) => void; signal?: AbortSignal } = {},
): Promise<UploadedFile> {
  const answer = await client.upload(UPLOAD_PATH, uploadFilesResponse, [file], {
    query: { place },
    field: 'file',
    silent: true,
    ...(opts.signal ? { signal: opts.signal } : {}),
    onProgress: (sent, total) => opts.onProgress?.(total > 0 ? sent / total : 0),
  });
  const stored = answer.files[0];
  if (!stored) throw new Error('The upload answered no file');
  return stored;
}
