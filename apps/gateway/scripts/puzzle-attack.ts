/**
 * The slide puzzle under a scripted attack: fetches puzzles through the public API of a gateway
 * started in-process (real clock, its own empty database and Redis prefix, both removed at the
 * end), locates the gap from the images alone
 * and answers with a synthetic drag (`human`: a minimum-jerk path with jitter and overshoot,
 * sent when its timing says the drag ended; `linear`: an even slide, as naive scripts do); prints
 * how often each strategy finds the gap and how often the server accepts the answer.
 *   cd apps/gateway && npx tsx scripts/puzzle-attack.ts [puzzles=200] [human|linear] [strategy]
 * The answer is the combined pick unless a strategy is named (`fitted`: the code-aware one).
 * The answer kept in Redis is read only after the guess, to score the strategies.
 */
import { randomBytes } from 'node:crypto';
import { SECRET_SETTINGS } from '@exchange/contracts/secrets';
import { deployMigrations, dropDatabase, ensureDatabase } from '@exchange/tooling/db';
import { loadEnv } from '../src/config/env.js';
import { buildApp } from '../src/app.js';
import { puzzleKey, TOLERANCE_PX } from '../src/features/identity/auth/puzzle/puzzle-service.js';
import { humanDrag, linearDrag } from '@exchange/contracts/testing/puzzle';
import { locateGap, STRATEGIES, type Guesses, type PuzzleImages } from './puzzle-attack/locate.js';

const total = Number(process.argv[2] ?? 200);
const traceKind = process.argv[3] === 'linear' ? 'linear' : 'human';
const answerBy = (STRATEGIES as readonly string[]).includes(process.argv[4] ?? '')
  ? (process.argv[4] as keyof Guesses)
  : 'combined';
const concurrency = 20;
const prefix = `puzzle-attack:${process.pid}:`;
const databaseUrl = `${process.env.DATABASE_BASE_URL ?? 'postgresql://postgres@localhost:5432'}/exchange_puzzle_attack_${process.pid}`;
await ensureDatabase(databaseUrl);
await deployMigrations(databaseUrl);
const env = loadEnv({
  ...Object.fromEntries(
    Object.keys(SECRET_SETTINGS).map((name) => [name, randomBytes(32).toString('hex')]),
  ),
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATABASE_URL: databaseUrl,
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  REDIS_PREFIX: prefix,
  // The figure is about the picture and the drag; the per-address limits are tested elsewhere.
  AUTH_RATE_LIMIT_MAX: '100000',
  RATE_LIMIT_MAX: '100000',
  PUZZLE_FAILURES_MAX: '100000',
});
const app = await buildApp({ env });
await app.ready();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Outcome {
  guesses: Guesses;
  truth: number;
  accepted: boolean;
}

async function attackOne(): Promise<Outcome> {
  const issued = await app.inject({ method: 'GET', url: '/v1/auth/public/puzzle?scene=REGISTER' });
  const receivedAt = Date.now();
  const puzzle = issued.json<{ data: PuzzleImages & { puzzleId: string } }>().data;
  const guesses = await locateGap(puzzle);
  const truth = (
    JSON.parse((await app.redis.commands.get(puzzleKey(puzzle.puzzleId))) ?? '{}') as { x: number }
  ).x;
  const guess = guesses[answerBy];
  const drag = traceKind === 'linear' ? linearDrag(guess) : humanDrag(guess);
  // The server holds the drag to its own clock: wait until the drag would have ended.
  await sleep(drag.endsAt + 50 - (Date.now() - receivedAt));
  const verdict = await app.inject({
    method: 'POST',
    url: '/v1/auth/public/puzzle/verify',
    payload: { puzzleId: puzzle.puzzleId, trace: drag.trace },
  });
  return { guesses, truth, accepted: verdict.statusCode === 200 };
}

const outcomes: Outcome[] = [];
const started = Date.now();
try {
  while (outcomes.length < total) {
    const batch = Math.min(concurrency, total - outcomes.length);
    outcomes.push(...(await Promise.all(Array.from({ length: batch }, attackOne))));
  }
} finally {
  const keys = await app.redis.commands.keys('*');
  if (keys.length) await app.redis.commands.del(...keys.map((k) => k.slice(prefix.length)));
  await app.close();
  await dropDatabase(databaseUrl);
}

const pct = (n: number) => `${((100 * n) / outcomes.length).toFixed(1)} %`;
const hit = (s: keyof Guesses) =>
  outcomes.filter((o) => Math.abs(o.guesses[s] - o.truth) <= TOLERANCE_PX).length;
const rows: [string, string][] = [
  ...STRATEGIES.map((s): [string, string] => [`gap found by ${s}`, pct(hit(s))]),
  ['gap found by the combined pick', pct(hit('combined'))],
  [
    'gap found by at least one strategy',
    pct(
      outcomes.filter((o) =>
        STRATEGIES.some((s) => Math.abs(o.guesses[s] - o.truth) <= TOLERANCE_PX),
      ).length,
    ),
  ],
  [`answers (${answerBy}) the server accepted`, pct(outcomes.filter((o) => o.accepted).length)],
];
process.stdout.write(
  `${outcomes.length} puzzles in ${((Date.now() - started) / 1000).toFixed(1)} s, tolerance ±${TOLERANCE_PX} px, ${traceKind} drags\n`,
);
for (const [k, v] of rows) process.stdout.write(`${k.padEnd(40)} ${v}\n`);
