import type { KycFilePlace } from '@exchange/contracts';
import type { Db } from '../../../db/client.js';

/**
 * Checks that uploaded file ids belong to the user and were uploaded for `place`; throws an
 * AppError otherwise. The uploads module (platform/files, `assertOwnedFiles`) provides the real
 * one; the KYC feature's plugin hands it over.
 */
export type FileCheck = (
  db: Pick<Db, 'storedFile'>,
  ownerId: string,
  ids: readonly string[],
  place: KycFilePlace,
) => Promise<void>;
