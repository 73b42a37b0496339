import type { KycFilePlace } from '@exchange/contracts';
import type { Db } from '../../db/client.js';

/**
 * Checks that uploaded file ids belong to the user and were uploaded for `place`; throws an
 * AppError otherwise. The uploads module (features/files, `assertOwnedFiles`) provides the real
 * one; app.ts hands it to the KYC feature.
 */
export type FileCheck = (
  db: Pick<Db, 'storedFile'>,
  ownerId: string,
  ids: readonly string[],
  place: KycFilePlace,
) => Promise<void>;
