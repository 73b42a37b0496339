import type { ApiClient } from '../../../lib/api-client';
import type { KycFilePlace as UploadPlace } from '@exchange/contracts';
import type { UploadedFile } from '../lib/files';
import { uploadResponse } from './shapes';

export const UPLOAD_PATH = '/v1/files/upload';

/** Sends one file to a place; `onProgress` gets the share sent, 0 to 1. */
export async function uploadFile(
  client: ApiClient,
  place: UploadPlace,
  file: File,
  opts: { onProgress?: (share: number) => void; signal?: AbortSignal } = {},
): Promise<UploadedFile> {
  const answer = await client.upload(UPLOAD_PATH, uploadResponse, [file], {
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
