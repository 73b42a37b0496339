import { randomBytes, randomInt } from 'node:crypto';
import type { PuzzleScene } from '@exchange/contracts';
import type { Clock } from '../../../lib/clock.js';
import type { RedisConnections } from '../../../lib/redis.js';
import { AppError } from '../../../lib/app-error.js';
import { HEIGHT, MAX_X, MIN_X, PIECE, WIDTH, drawPuzzle } from './draw.js';
import { secureRng } from './raster.js';

const PUZZLE_TTL_MS = 2 * 60_000;
const TOKEN_TTL_MS = 2 * 60_000;
/** How far from the gap a drop may land, in image pixels. */
export const TOLERANCE_PX = 6;
/** A human drag takes at least this long; scripted instant solutions are refused. */
export const MIN_DRAG_MS = 250;
export const MAX_DRAG_MS = 30_000;

interface Stored {
  scene: PuzzleScene;
  x: number;
  issuedAt: number;
}

export const puzzleKey = (id: string) => `puzzle:${id}`;
const tokenKey = (token: string) => `puzzle-ok:${token}`;

/** Issues a slide puzzle: the gap position stays on the server until the answer comes back. */
export async function issuePuzzle(opts: {
  redis: RedisConnections;
  clock: Clock;
  scene: PuzzleScene;
}) {
  const x = randomInt(MIN_X, MAX_X + 1);
  const y = randomInt(2, HEIGHT - PIECE - 1);
  const { background, piece } = await drawPuzzle(secureRng(), x, y);
  const puzzleId = randomBytes(16).toString('base64url');
  const stored: Stored = { scene: opts.scene, x, issuedAt: opts.clock.now() };
  await opts.redis.commands.set(
    puzzleKey(puzzleId),
    JSON.stringify(stored),
    'PX',
    opts.clock.realDelay(PUZZLE_TTL_MS),
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

/** One attempt per puzzle: right or wrong, the puzzle is gone afterwards. */
export async function verifyPuzzle(opts: {
  redis: RedisConnections;
  clock: Clock;
  puzzleId: string;
  x: number;
  durationMs: number;
}): Promise<{ puzzleToken: string; expiresInSeconds: number }> {
  const raw = await opts.redis.commands.getdel(puzzleKey(opts.puzzleId));
  if (!raw) throw new AppError('PUZZLE_FAILED');
  const stored = JSON.parse(raw) as Stored;
  const elapsed = opts.clock.now() - stored.issuedAt;
  const humanDrag =
    opts.durationMs >= MIN_DRAG_MS && opts.durationMs <= MAX_DRAG_MS && elapsed >= MIN_DRAG_MS;
  if (Math.abs(opts.x - stored.x) > TOLERANCE_PX || !humanDrag) throw new AppError('PUZZLE_FAILED');
  const puzzleToken = randomBytes(24).toString('base64url');
  await opts.redis.commands.set(
    tokenKey(puzzleToken),
    stored.scene,
    'PX',
    opts.clock.realDelay(TOKEN_TTL_MS),
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
