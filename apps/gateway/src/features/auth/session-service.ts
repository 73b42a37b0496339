import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/app-error.js';
import { hashToken } from './token.js';

export interface AuthContext {
  userId: string;
  sessionId: string;
}

/**
 * Resolves a bearer token to its session. A session ended because the account logged in
 * elsewhere answers 4003 so the client can tell the user; every other failure is 401.
 */
export async function authenticate(opts: { db: Db; clock: Clock; token: string }): Promise<AuthContext> {
  const session = await opts.db.session.findUnique({
    where: { accessTokenHash: hashToken(opts.token) },
    select: { id: true, userId: true, accessExpiresAt: true, revokedAt: true, revokedReason: true },
  });
  if (!session) throw new AppError('UNAUTHORIZED');
  if (session.revokedAt) {
    throw new AppError(session.revokedReason === 'LOGGED_IN_ELSEWHERE' ? 'LOGGED_IN_ELSEWHERE' : 'UNAUTHORIZED');
  }
  if (session.accessExpiresAt.getTime() <= opts.clock.now()) throw new AppError('UNAUTHORIZED');
  return { userId: session.userId, sessionId: session.id };
}
