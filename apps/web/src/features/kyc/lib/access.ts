import type { EntityType, UserInfo } from '@exchange/contracts';

/**
 * An individual-KYC page opened by an institution account, or the reverse, opens the identity
 * centre in a new tab instead (spec platform-shell section 2). Unknown while the user loads.
 */
export function shouldOpenIdentityCentre(
  user: Pick<UserInfo, 'entityType'> | null,
  page: EntityType,
): boolean {
  return user !== null && user.entityType !== page;
}
