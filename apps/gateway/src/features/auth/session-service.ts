import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.js';
import type { Sql } from '../../db/sql.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/app-error.js';
import { hashToken, newToken } from './token.js';

export interface AuthContext {
  userId: string;
  sessionId: string;
}

export type RevokeReason = 'LOGOUT' | 'LOGGED_IN_ELSEWHERE' | 'PASSWORD_RESET' | 'REFRESH_REUSE';

export interface TokenPolicy {
  accessTtlSeconds: number;
  refreshTtlDays: number;
}

export interface IssuedTokens {
  token: string;
  refreshToken: string;
  expiresInSeconds: number;
  sessionId: string;
}

/**
 * Live sessions recently seen, by access-token hash, so a busy client does not cost a database
 * read per request. An entry lives at most SESSION_CACHE_MS and never past the token's expiry.
 * Every change that ends or rotates a session drops the user's entries here at once and, through
 * `onSessionsChanged` (the auth plugin publishes it over Redis), in every other gateway too; the
 * short lifetime bounds what a lost invalidation message could leave behind.
 */
export const SESSION_CACHE_MS = 5000;
/** Names this process in its announcements, so it can skip its own echoes. */
export const SESSION_CACHE_ORIGIN = randomUUID();
const MAX_CACHED = 100_000;
const cached = new Map<string, { ctx: AuthContext; until: number }>();
const hashesOfUser = new Map<string, Set<string>>();
let announce: (userId: string) => void = () => undefined;

/** Registers who tells the other gateways that a user's sessions changed. */
export function onSessionsChanged(fn: (userId: string) => void): void {
  announce = fn;
}

/** Drops a user's cached sessions in this process (another gateway announced a change). */
export function forgetSessions(userId: string): void {
  for (const h of hashesOfUser.get(userId) ?? []) cached.delete(h);
  hashesOfUser.delete(userId);
}

function sessionsChanged(userId: string): void {
  forgetSessions(userId);
  announce(userId);
}

function remember(hash: string, ctx: AuthContext, until: number): void {
  if (cached.size >= MAX_CACHED) {
    cached.clear();
    hashesOfUser.clear();
  }
  cached.set(hash, { ctx, until });
  const set = hashesOfUser.get(ctx.userId) ?? new Set<string>();
  set.add(hash);
  hashesOfUser.set(ctx.userId, set);
}

/**
 * Resolves a bearer token to its session. A session ended because the account logged in
 * elsewhere answers 4003 so the client can tell the user; every other failure is 401.
 */
export async function authenticate(opts: {
  sql: Sql;
  clock: Clock;
  token: string;
}): Promise<AuthContext> {
  const hash = hashToken(opts.token);
  const now = opts.clock.now();
  const hit = cached.get(hash);
  if (hit && hit.until > now && hit.until - SESSION_CACHE_MS <= now) return hit.ctx;
  if (hit) cached.delete(hash);
  // Requests of one client that miss the cache together share one read.
  let pending = lookups.get(hash);
  if (pending === undefined) {
    pending = findSession(opts.sql, hash).finally(() => lookups.delete(hash));
    lookups.set(hash, pending);
  }
  const session = await pending;
  if (!session) throw new AppError('UNAUTHORIZED');
  if (session.revokedAt) {
    throw new AppError(
      session.revokedReason === 'LOGGED_IN_ELSEWHERE' ? 'LOGGED_IN_ELSEWHERE' : 'UNAUTHORIZED',
    );
  }
  if (session.accessExpiresAt.getTime() <= now) throw new AppError('UNAUTHORIZED');
  const ctx = { userId: session.userId, sessionId: session.id };
  remember(hash, ctx, Math.min(now + SESSION_CACHE_MS, session.accessExpiresAt.getTime()));
  return ctx;
}

interface SessionRow {
  id: string;
  userId: string;
  accessExpiresAt: Date;
  revokedAt: Date | null;
  revokedReason: string | null;
}

const lookups = new Map<string, Promise<SessionRow | null>>();

/**
 * The session of a token hash, through node-postgres: every request that misses the cache comes
 * here, and Prisma's query engine costs about a millisecond of CPU per statement.
 */
async function findSession(sql: Sql, hash: string): Promise<SessionRow | null> {
  const res = await sql.query<SessionRow>({
    name: 'auth-session',
    text: 'SELECT id, "userId", "accessExpiresAt", "revokedAt", "revokedReason" FROM session WHERE "accessTokenHash" = $1',
    values: [hash],
  });
  return res.rows[0] ?? null;
}

/**
 * Starts a session. Single-session policy: one live session per account, so a new login ends
 * every other one with LOGGED_IN_ELSEWHERE and the older device is told so (4003).
 */
export async function startSession(opts: {
  db: Db;
  clock: Clock;
  policy: TokenPolicy;
  userId: string;
  userAgent?: string | undefined;
  ip?: string | undefined;
}): Promise<IssuedTokens> {
  const now = opts.clock.now();
  const token = newToken();
  const refreshToken = newToken();
  const session = await opts.db.$transaction(async (tx) => {
    await tx.session.updateMany({
      where: { userId: opts.userId, revokedAt: null },
      data: { revokedAt: new Date(now), revokedReason: 'LOGGED_IN_ELSEWHERE' },
    });
    return tx.session.create({
      data: {
        userId: opts.userId,
        accessTokenHash: hashToken(token),
        accessExpiresAt: new Date(now + opts.policy.accessTtlSeconds * 1000),
        userAgent: opts.userAgent?.slice(0, 256) ?? null,
        ip: opts.ip ?? null,
        createdAt: new Date(now),
        refreshTokens: {
          create: {
            hash: hashToken(refreshToken),
            expiresAt: new Date(now + opts.policy.refreshTtlDays * 86_400_000),
          },
        },
      },
    });
  });
  sessionsChanged(opts.userId);
  return {
    token,
    refreshToken,
    expiresInSeconds: opts.policy.accessTtlSeconds,
    sessionId: session.id,
  };
}

/**
 * Rotates a refresh token: the presented one is spent and a new pair issued on the same
 * session. Presenting a spent token again means it leaked, so the whole session is revoked.
 */
export async function refreshSession(opts: {
  db: Db;
  clock: Clock;
  policy: TokenPolicy;
  refreshToken: string;
}): Promise<IssuedTokens & { userId: string }> {
  const now = opts.clock.now();
  const hash = hashToken(opts.refreshToken);
  const row = await opts.db.refreshToken.findUnique({
    where: { hash },
    include: { session: true },
  });
  if (!row) throw new AppError('UNAUTHORIZED');
  const { session } = row;
  if (session.revokedAt) {
    throw new AppError(
      session.revokedReason === 'LOGGED_IN_ELSEWHERE' ? 'LOGGED_IN_ELSEWHERE' : 'UNAUTHORIZED',
    );
  }
  if (row.usedAt) {
    await revokeSession({
      db: opts.db,
      clock: opts.clock,
      sessionId: session.id,
      reason: 'REFRESH_REUSE',
    });
    throw new AppError('UNAUTHORIZED');
  }
  if (row.expiresAt.getTime() <= now) throw new AppError('UNAUTHORIZED');

  const token = newToken();
  const refreshToken = newToken();
  const rotated = await opts.db.$transaction(async (tx) => {
    // Conditional: of two concurrent refreshes with one token, exactly one wins.
    const spent = await tx.refreshToken.updateMany({
      where: { hash, usedAt: null },
      data: { usedAt: new Date(now) },
    });
    if (spent.count !== 1) return false;
    await tx.refreshToken.create({
      data: {
        hash: hashToken(refreshToken),
        sessionId: session.id,
        expiresAt: new Date(now + opts.policy.refreshTtlDays * 86_400_000),
      },
    });
    await tx.session.update({
      where: { id: session.id },
      data: {
        accessTokenHash: hashToken(token),
        accessExpiresAt: new Date(now + opts.policy.accessTtlSeconds * 1000),
      },
    });
    return true;
  });
  if (!rotated) {
    await revokeSession({
      db: opts.db,
      clock: opts.clock,
      sessionId: session.id,
      reason: 'REFRESH_REUSE',
    });
    throw new AppError('UNAUTHORIZED');
  }
  sessionsChanged(session.userId);
  return {
    token,
    refreshToken,
    expiresInSeconds: opts.policy.accessTtlSeconds,
    sessionId: session.id,
    userId: session.userId,
  };
}

export async function revokeSession(opts: {
  db: Db;
  clock: Clock;
  sessionId: string;
  reason: RevokeReason;
}): Promise<void> {
  await opts.db.session.updateMany({
    where: { id: opts.sessionId, revokedAt: null },
    data: { revokedAt: new Date(opts.clock.now()), revokedReason: opts.reason },
  });
  const row = await opts.db.session.findUnique({
    where: { id: opts.sessionId },
    select: { userId: true },
  });
  if (row) sessionsChanged(row.userId);
}

export async function revokeAllSessions(opts: {
  db: Db;
  clock: Clock;
  userId: string;
  reason: RevokeReason;
}): Promise<number> {
  const { count } = await opts.db.session.updateMany({
    where: { userId: opts.userId, revokedAt: null },
    data: { revokedAt: new Date(opts.clock.now()), revokedReason: opts.reason },
  });
  sessionsChanged(opts.userId);
  return count;
}
