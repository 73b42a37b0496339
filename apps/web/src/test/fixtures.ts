import type { UserInfo } from '@exchange/contracts';

export function makeUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 'u1',
    uid: '10001',
    email: 'ada@example.com',
    entityType: 'INDIVIDUAL',
    kycLevel: 1,
    kycPermissions: ['SPOT_TRADE'],
    verifications: ['EMAIL'],
    language: 'en',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
