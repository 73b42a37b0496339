import { STORAGE_KEYS, type UserInfo } from '@exchange/contracts';
import { PATHS, isSafeRedirect } from '../config/paths';
import { readStorage, writeStorage } from './storage';

/** `redirect_path` of any address is kept as the post-login link. */
export function rememberRedirect(search: string): void {
  const target = new URLSearchParams(search).get('redirect_path');
  if (isSafeRedirect(target)) writeStorage(STORAGE_KEYS.linkThisUrl, target);
}

/**
 * Where to go after login: the stored redirect_path, else /market when the user differs from the
 * previously logged-in one, else /. Reading it consumes the stored link.
 */
export function takePostLoginTarget(
  user: Pick<UserInfo, 'id'>,
  previous: Pick<UserInfo, 'id'> | null,
): string {
  const stored = readStorage(STORAGE_KEYS.linkThisUrl);
  writeStorage(STORAGE_KEYS.linkThisUrl, null);
  if (isSafeRedirect(stored)) return stored;
  return previous?.id !== user.id ? PATHS.market : PATHS.root;
}
