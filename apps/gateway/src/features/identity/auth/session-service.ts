import { randomUUID } from 'node:crypto';
import type { Db } from '../../../db/client.js';
import type { Sql } from '../../../db/sql.js';
import type { Clock } from '../../../lib/clock.js';
import { AppError } from '../../../lib/app-error.js';
import type { AuthContext } from '../../../lib/auth-context.js';
import { hashToken, newToken } from './token.js';

export type RevokeReason =
  | 'LOGOUT'
  | 'LOGGED_IN_ELSEWHERE'
  | 'PASSWORD_RESET'
  | 'REFRESH_REUSE'
  /** A password change, e-mail change in the security settings: every session ends. */
  | 'SECURITY_CHANGE'
  /** The account was cancelled: every session ends and no new one starts. */
  | 'ACCOUNT_CANCELLED';

export interface TokenPolicy {
  accessTtlSeconds: number;
  refreshTtlDays: number;
  /** Absolute lifetime of a session from its start; refreshing never extends it. */
  maxAgeDays: number;
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
 * `announce` (the auth plugin publishes it over Redis), in every other gateway too; the short
 * lifetime bounds what a lost invalidation message could leave behind.
 */
export const SESSION_CACHE_MS = 5000;
const MAX_CACHED = 100_000;

interface SessionRow {
  id: string;
  userId: string;
  accessExpiresAt: Date;
  revokedAt: Date | null;
  revokedReason: string | null;
}

export interface SessionsOptions {
  db: Db;
  sql: Sql;
  clock: Clock;
  policy: TokenPolicy;
  /** Tells the other gateways that a user's sessions changed. */
  announce?: (userId: string) => void;
}

/**
 * The sessions of one gateway: issuing, rotating, ending and resolving tokens, with this app's own
 * cache (two apps in one process, as in the two-gateway tests, each keep their own, so a change
 * in one reaches the other only the way it does between processes: over Redis).
 */
export class Sessions {
  /** Names this gateway in its announcements, so it can skip its own echoes. */
  readonly origin = randomUUID();
  private readonly cached = new Map<string, { ctx: AuthContext; until: number }>();
  private readonly hashesOfUser = new Map<string, Set<string>>();
  private readonly lookups = new Map<string, Promise<SessionRow | null>>();
  announce: (userId: string) => void;
  /**
   * Told of every new session (password, Authenticator, Google or Apple sign-in, registration)
   * after it is stored: the new-device notice. Must not throw.
   */
  started: (s: {
    userId: string;
    userAgent?: string | undefined;
    ip?: string | undefined;
  }) => void = () => undefined;

  constructor(private readonly o: SessionsOptions) {
    this.announce = o.announce ?? (() => undefined);
  }

  /** Drops a user's cached sessions in this gateway (another gateway announced a change). */
  forget(userId: string): void {
    for (const h of this.hashesOfUser.get(userId) ?? []) this.cached.delete(h);
    this.hashesOfUser.delete(userId);
  }

  private changed(userId: string): void {
    this.forget(userId);
    this.announce(userId);
  }

  private remember(hash: string, ctx: AuthContext, until: number): void {
    if (this.cached.size >= MAX_CACHED) {
      this.cached.clear();
      this.hashesOfUser.clear();
    }
    this.cached.set(hash, { ctx, until });
    const set = this.hashesOfUser.get(ctx.userId) ?? new Set<string>();
    set.add(hash);
    this.hashesOfUser.set(ctx.userId, set);
  }

  /**
   * Resolves a bearer token to its session. A session ended because the account logged in
   * elsewhere answers 4003 so the client can tell the user; every other failure is 401.
   */
  async authenticate(token: string): Promise<AuthContext> {
    const hash = hashToken(token);
    const now = this.o.clock.now();
    const hit = this.cached.get(hash);
    if (hit && hit.until > now && hit.until - SESSION_CACHE_MS <= now) return hit.ctx;
    if (hit) this.cached.delete(hash);
    // Requests of one client that miss the cache together share one read.
    let pending = this.lookups.get(hash);
    if (pending === undefined) {
      pending = this.find(hash).finally(() => this.lookups.delete(hash));
      this.lookups.set(hash, pending);
    }
    const session = live(await pending, now);
    const ctx = { userId: session.userId, sessionId: session.id };
    this.remember(hash, ctx, Math.min(now + SESSION_CACHE_MS, session.accessExpiresAt.getTime()));
    return ctx;
  }

  /**
   * Checks a session by its id, past the cache: a socket logs in once with a token, then follows
   * its session (refreshing it rotates the token, and the socket stays). Answers when its access
   * ends; throws as `authenticate` does when it has ended.
   */
  async check(sessionId: string): Promise<{ userId: string; accessExpiresAt: number }> {
    const res = await this.o.sql.query<SessionRow>({
      name: 'auth-session-by-id',
      text: 'SELECT id, "userId", "accessExpiresAt", "revokedAt", "revokedReason" FROM session WHERE id = $1',
      values: [sessionId],
    });
    const session = live(res.rows[0] ?? null, this.o.clock.now());
    return { userId: session.userId, accessExpiresAt: session.accessExpiresAt.getTime() };
  }

  /** When a session started at `createdAt` ends, however often it is refreshed. */
  private endOf(createdAt: Date): number {
    return createdAt.getTime() + this.o.policy.maxAgeDays * 86_400_000;
  }

  /**
   * The session of a token hash, through node-postgres: every request that misses the cache
   * comes here, and Prisma's query engine costs about a millisecond of CPU per statement.
   */
  private async find(hash: string): Promise<SessionRow | null> {
    const res = await this.o.sql.query<SessionRow>({
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
  async start(opts: {
    userId: string;
    userAgent?: string | undefined;
    ip?: string | undefined;
  }): Promise<IssuedTokens> {
    const { db, clock, policy } = this.o;
    const now = clock.now();
    const token = newToken();
    const refreshToken = newToken();
    const ends = this.endOf(new Date(now));
    const accessExpiresAt = Math.min(now + policy.accessTtlSeconds * 1000, ends);
    const session = await db.$transaction(async (tx) => {
      // A cancelled account never gets a session, whichever way it signs in. FOR SHARE waits for
      // a cancellation deciding now, whose sessions end right after it commits.
      const owner = await tx.$queryRaw<{ cancelledAt: Date | null }[]>`
        SELECT "cancelledAt" FROM app_user WHERE id = ${opts.userId}::uuid FOR SHARE`;
      if (owner[0]?.cancelledAt) throw new AppError('ACCOUNT_CANCELLED');
      await tx.session.updateMany({
        where: { userId: opts.userId, revokedAt: null },
        data: { revokedAt: new Date(now), revokedReason: 'LOGGED_IN_ELSEWHERE' },
      });
      return tx.session.create({
        data: {
          userId: opts.userId,
          accessTokenHash: hashToken(token),
          accessExpiresAt: new Date(accessExpiresAt),
          userAgent: opts.userAgent?.slice(0, 256) ?? null,
          ip: opts.ip ?? null,
          createdAt: new Date(now),
          refreshTokens: {
            create: {
              hash: hashToken(refreshToken),
              expiresAt: new Date(Math.min(now + policy.refreshTtlDays * 86_400_000, ends)),
            },
          },
        },
      });
    });
    this.changed(opts.userId);
    this.started(opts);
    return {
      token,
      refreshToken,
      expiresInSeconds: Math.floor((accessExpiresAt - now) / 1000),
      sessionId: session.id,
    };
  }

  /**
   * Rotates a refresh token: the presented one is spent and a new pair issued on the same
   * session. Presenting a spent token again means it leaked, so the whole session is revoked.
   * `verify` may refuse the request for the session first (the CSRF check of a cookie refresh).
   */
  async refresh(
    presented: string,
    opts: { verify?: (sessionId: string) => void } = {},
  ): Promise<IssuedTokens & { userId: string }> {
    const { db, clock, policy } = this.o;
    const now = clock.now();
    const hash = hashToken(presented);
    const row = await db.refreshToken.findUnique({
      where: { hash },
      include: { session: true },
    });
    if (!row) throw new AppError('UNAUTHORIZED');
    const { session } = row;
    // Before anything changes: a refused request must not spend the token or end the session.
    opts.verify?.(session.id);
    if (session.revokedAt) {
      throw new AppError(
        session.revokedReason === 'LOGGED_IN_ELSEWHERE' ? 'LOGGED_IN_ELSEWHERE' : 'UNAUTHORIZED',
      );
    }
    if (row.usedAt) {
      await this.revoke(session.id, 'REFRESH_REUSE');
      throw new AppError('UNAUTHORIZED');
    }
    if (row.expiresAt.getTime() <= now) throw new AppError('UNAUTHORIZED');
    // The session's absolute end: refreshing rotates tokens within it, never past it.
    const ends = this.endOf(session.createdAt);
    if (ends <= now) throw new AppError('UNAUTHORIZED');
    const accessExpiresAt = Math.min(now + policy.accessTtlSeconds * 1000, ends);

    const token = newToken();
    const refreshToken = newToken();
    const rotated = await db.$transaction(async (tx) => {
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
          expiresAt: new Date(Math.min(now + policy.refreshTtlDays * 86_400_000, ends)),
        },
      });
      await tx.session.update({
        where: { id: session.id },
        data: {
          accessTokenHash: hashToken(token),
          accessExpiresAt: new Date(accessExpiresAt),
        },
      });
      return true;
    });
    if (!rotated) {
      await this.revoke(session.id, 'REFRESH_REUSE');
      throw new AppError('UNAUTHORIZED');
    }
    this.changed(session.userId);
    return {
      token,
      refreshToken,
      expiresInSeconds: Math.floor((accessExpiresAt - now) / 1000),
      sessionId: session.id,
      userId: session.userId,
    };
  }

  async revoke(sessionId: string, reason: RevokeReason): Promise<void> {
    const { db, clock } = this.o;
    await db.session.updateMany({
      where: { id: sessionId, revokedAt: null },
      data: { revokedAt: new Date(clock.now()), revokedReason: reason },
    });
    const row = await db.session.findUnique({ where: { id: sessionId }, select: { userId: true } });
    if (row) this.changed(row.userId);
  }

  async revokeAll(userId: string, reason: RevokeReason): Promise<number> {
    const { db, clock } = this.o;
    const { count } = await db.session.updateMany({
      where: { userId, revokedAt: null },
      data: { revokedAt: new Date(clock.now()), revokedReason: reason },
    });
    this.changed(userId);
    return count;
  }
}

/**
 * A session that may act now, or the error that says why not: 4003 when it ended because the
 * account logged in elsewhere (the client tells the user), 401 otherwise.
 */
function live(session: SessionRow | null, now: number): SessionRow {
  if (!session) throw new AppError('UNAUTHORIZED');
  if (session.revokedAt) {
    throw new AppError(
      session.revokedReason === 'LOGGED_IN_ELSEWHERE' ? 'LOGGED_IN_ELSEWHERE' : 'UNAUTHORIZED',
    );
  }
  if (session.accessExpiresAt.getTime() <= now) throw new AppError('UNAUTHORIZED');
  return session;
}
