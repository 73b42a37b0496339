import type { KycFilePlace } from '@exchange/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';

/**
 * Checks that uploaded file ids belong to the user and were uploaded for `place`; throws an
 * AppError otherwise. The uploads module (features/files, `assertOwnedFiles`) provides the real
 * one; app.ts hands it to the KYC feature.
 */
export type FileCheck = (
  db: Db,
  ownerId: string,
  ids: readonly string[],
  place: KycFilePlace,
) => Promise<void>;

/**
 * Until the uploads module is wired: ids must be non-empty text. It cannot tell whose file an
 * id is, so it is only for the time before `assertOwnedFiles` exists.
 */
export const nonEmptyFileIds: FileCheck = async (_db, _ownerId, ids) => {
  if (ids.some((id) => id.trim() === '')) throw new AppError('KYC_FILES_INVALID', { field: '' });
  await Promise.resolve();
};
