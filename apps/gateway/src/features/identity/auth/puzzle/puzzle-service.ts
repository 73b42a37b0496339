import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { PuzzleScene, PuzzleTracePoint } from '@exchange/contracts';
import type { Clock } from '../../../../lib/clock.js';
import type { RedisConnections } from '../../../../lib/redis.js';
import { AppError } from '../../../../lib/app-error.js';
import { HEIGHT, MAX_X, MIN_X, PIECE, WIDTH, drawPuzzle } from './draw.js';
import { secureRng } from './raster.js';
import { judgeTrace } from './trace.js';

const PUZZLE_TTL_MS = 2 * 60_000;
const TOKEN_TTL_MS = 2 * 60_000;
/** How far from the gap a drop may land, in image pixels. */
export const TOLERANCE_PX = 5;
/** Failed answers from one address are counted over this window (PUZZLE_FAILURES_MAX). */
export const FAILURE_WINDOW_MS = 10 * 60_000;

interface Stored {
  scene: PuzzleScene;
  x: number;
  issuedAt: number;
}

export interface PuzzleDeps {
  redis: RedisConnections;
  clock: Clock;
  /** Failed answers per address and window before it gets no more puzzles for a while. */
  maxFailures: number;
}

export const puzzleKey = (id: string) => `puzzle:${id}`;
const tokenKey = (token: string) => `puzzle-ok:${token}`;
const failuresKey = (ip: string) => `puzzle-fail:${ip}`;

/** 1008 while the address has used up its failures; the wait is the counter's remaining life. */
async function assertNotBlocked(deps: PuzzleDeps, ip: string): Promise<void> {
  const [[, count], [, ttl]] = ((await deps.redis.commands
    .multi()
    .get(failuresKey(ip))
    .pttl(failuresKey(ip))
    .exec()) ?? [
    [null, null],
    [null, -2],
  ]) as [[unknown, string | null], [unknown, number]];
  if (Number(count ?? 0) < deps.maxFailures) return;
  throw new AppError('RATE_LIMITED', { retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) });
}

async function recordFailure(deps: PuzzleDeps, ip: string): Promise<void> {
  await deps.redis.commands
    .multi()
    .incr(failuresKey(ip))
    .pexpire(failuresKey(ip), deps.clock.realDelay(FAILURE_WINDOW_MS), 'NX')
    .exec();
}

/** Issues a slide puzzle: the gap position stays on the server until the answer comes back. */
export async function issuePuzzle(deps: PuzzleDeps, opts: { scene: PuzzleScene; ip: string }) {
  await assertNotBlocked(deps, opts.ip);
  const x = randomInt(MIN_X, MAX_X + 1);
  const y = randomInt(2, HEIGHT - PIECE - 1);
  const { background, piece } = await drawPuzzle(secureRng(), x, y);
  const puzzleId = randomBytes(16).toString('base64url');
  const stored: Stored = { scene: opts.scene, x, issuedAt: deps.clock.now() };
  await deps.redis.commands.set(
    puzzleKey(puzzleId),
    JSON.stringify(stored),
    'PX',
    deps.clock.realDelay(PUZZLE_TTL_MS),
  );
  return {
    puzzleId,
    width: WIDTH,
    height: HEIGHT,
    pieceSize: PIECE,
    pieceY: y,
    background: dataUrl(background),
    piece: dataUrl(piece),
    expiresInSeconds: PUZZLE_TTL_MS / 1000,
  };
}

const dataUrl = (webp: Buffer) => `data:image/webp;base64,${webp.toString('base64')}`;

/**
 * One attempt per puzzle: right or wrong, the puzzle is gone afterwards. The answer is the drag's
 * last point, and the drag must look like a person's and fit the time the server saw pass.
 */
export async function verifyPuzzle(
  deps: PuzzleDeps,
  opts: { puzzleId: string; trace: PuzzleTracePoint[]; ip: string; log: FastifyBaseLogger },
): Promise<{ puzzleToken: string; expiresInSeconds: number }> {
  await assertNotBlocked(deps, opts.ip);
  const raw = await deps.redis.commands.getdel(puzzleKey(opts.puzzleId));
  const stored = raw ? (JSON.parse(raw) as Stored) : null;
  // Real milliseconds: the client's clock runs at real speed whatever TIME_SCALE says.
  const elapsedMs = stored ? (deps.clock.now() - stored.issuedAt) / deps.clock.scale : 0;
  const verdict = stored ? judgeTrace(opts.trace, { elapsedMs, maxX: WIDTH - PIECE }) : 'unknown';
  const answer = opts.trace[opts.trace.length - 1]?.x ?? -1;
  const placed = stored !== null && Math.abs(answer - stored.x) <= TOLERANCE_PX;
  if (!stored || verdict !== 'ok' || !placed) {
    await recordFailure(deps, opts.ip);
    opts.log.info({ verdict, placed, elapsedMs }, 'slide puzzle failed');
    throw new AppError('PUZZLE_FAILED');
  }
  const puzzleToken = randomBytes(24).toString('base64url');
  await deps.redis.commands.set(
    tokenKey(puzzleToken),
    stored.scene,
    'PX',
    deps.clock.realDelay(TOKEN_TTL_MS),
  );
  return { puzzleToken, expiresInSeconds: TOKEN_TTL_MS / 1000 };
}

/** Spends a solved-puzzle token for its scene; it cannot be used twice. */
export async function consumePuzzleToken(
  redis: RedisConnections,
  token: string,
  scene: PuzzleScene,
): Promise<void> {
  const stored = token ? await redis.commands.getdel(tokenKey(token)) : null;
  if (stored !== scene) throw new AppError('PUZZLE_REQUIRED');
}
