import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../helpers/build.js';
import { puzzleAnswer, solvePuzzle } from '../../../helpers/auth.js';
import { humanDrag, linearDrag } from '@exchange/contracts/testing/puzzle';
import { FAILURE_WINDOW_MS } from '../../../../src/features/identity/auth/puzzle/puzzle-service.js';

let t: TestApp;
beforeAll(async () => {
  t = await build({ AUTH_RATE_LIMIT_MAX: '6', PUZZLE_FAILURES_MAX: '3' });
});
afterAll(() => t.close());

/** Each test its own address, so the per-address counters of one do not reach another. */
let lastIp = 0;
const newIp = () => `198.51.100.${++lastIp}`;

async function issue(ip: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/v1/auth/public/puzzle?scene=REGISTER',
    remoteAddress: ip,
  });
  return res;
}

async function puzzle(ip: string) {
  const { puzzleId, pieceY } = (await issue(ip)).json<{
    data: { puzzleId: string; pieceY: number };
  }>().data;
  return { puzzleId, pieceY, x: await puzzleAnswer(t, puzzleId) };
}

const verify = (ip: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/auth/public/puzzle/verify',
    payload: payload as Record<string, unknown>,
    remoteAddress: ip,
  });

describe('slide puzzle', () => {
  it('issues compact WebP images at varied places and keeps the answer on the server', async () => {
    const ip = newIp();
    const res = await issue(ip);
    const data = res.json<{ data: Record<string, unknown> }>().data;
    expect(data).toMatchObject({ width: 300, height: 150, pieceSize: 56 });
    expect(String(data.background)).toMatch(/^data:image\/webp;base64,UklGR/);
    expect(String(data.piece)).toMatch(/^data:image\/webp;base64,UklGR/);
    // Noise compresses badly as PNG; as WebP the picture stays small.
    expect(String(data.background).length).toBeLessThan(24_000);
    expect(JSON.stringify(data)).not.toMatch(/"x"/);
    const places = [{ x: await puzzleAnswer(t, String(data.puzzleId)), y: data.pieceY }];
    for (let i = 0; i < 4; i++)
      places.push(await puzzle(ip).then((p) => ({ x: p.x, y: p.pieceY })));
    expect(new Set(places.map((p) => p.x)).size).toBeGreaterThan(1);
    expect(new Set(places.map((p) => p.y)).size).toBeGreaterThan(1);
  });

  it('accepts a human-like drag to the gap once, and its token once for its scene', async () => {
    const loginToken = await solvePuzzle(t, 'LOGIN');
    expect(loginToken).toMatch(/^[\w-]{32}$/);
    const other = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/public/register/code',
      payload: { email: 'scene@example.com', puzzleToken: loginToken },
    });
    expect(other.json()).toMatchObject({ code: '2015' });
    const token = await solvePuzzle(t, 'REGISTER');
    const send = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/auth/public/register/code',
        payload: { email, puzzleToken: token },
      });
    expect((await send('once@example.com')).statusCode).toBe(200);
    expect((await send('once2@example.com')).json()).toMatchObject({ code: '2015' });
  });

  it('refuses a wrong place, then the puzzle is gone even for the right one', async () => {
    const ip = newIp();
    const { puzzleId, x } = await puzzle(ip);
    const wrong = humanDrag(x + 20);
    t.clock.advance(wrong.endsAt + 50);
    expect((await verify(ip, { puzzleId, trace: wrong.trace })).json()).toMatchObject({
      code: '2010',
    });
    const right = humanDrag(x);
    t.clock.advance(right.endsAt + 50);
    expect((await verify(ip, { puzzleId, trace: right.trace })).json()).toMatchObject({
      code: '2010',
    });
  });

  it('refuses the right place reached by an even, scripted slide', async () => {
    const ip = newIp();
    const { puzzleId, x } = await puzzle(ip);
    const drag = linearDrag(x);
    t.clock.advance(drag.endsAt + 50);
    expect((await verify(ip, { puzzleId, trace: drag.trace })).json()).toMatchObject({
      code: '2010',
    });
  });

  it("refuses a drag that does not fit the server's clock", async () => {
    const ip = newIp();
    const { puzzleId, x } = await puzzle(ip);
    const drag = humanDrag(x);
    // The answer arrives 200 ms after the puzzle left, with a drag claiming over a second.
    t.clock.advance(200);
    expect((await verify(ip, { puzzleId, trace: drag.trace })).json()).toMatchObject({
      code: '2010',
    });
  });

  it('refuses traces that are not drags', async () => {
    const ip = newIp();
    const { puzzleId } = await puzzle(ip);
    const res = await verify(ip, { puzzleId, x: 100, durationMs: 900 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: '1004' });
    const many = Array.from({ length: 301 }, (_, i) => ({ t: i * 10, x: 0 }));
    expect((await verify(ip, { puzzleId, trace: many })).json()).toMatchObject({ code: '1002' });
  });

  it('stops an address after repeated failures: 1008 with the wait, others unaffected', async () => {
    const ip = newIp();
    for (let i = 0; i < 3; i++) {
      const { puzzleId, x } = await puzzle(ip);
      const drag = humanDrag(x + 30);
      t.clock.advance(drag.endsAt + 50);
      expect((await verify(ip, { puzzleId, trace: drag.trace })).json()).toMatchObject({
        code: '2010',
      });
    }
    const refused = await issue(ip);
    expect(refused.statusCode).toBe(429);
    const body = refused.json<{ code: string; data: { retryAfterSeconds: number } }>();
    expect(body.code).toBe('1008');
    expect(body.data.retryAfterSeconds).toBeGreaterThan(FAILURE_WINDOW_MS / 1000 - 10);
    expect(body.data.retryAfterSeconds).toBeLessThanOrEqual(FAILURE_WINDOW_MS / 1000);
    expect(refused.headers['retry-after']).toBe(String(body.data.retryAfterSeconds));
    const late = await verify(ip, { puzzleId: 'any', trace: humanDrag(100).trace });
    expect(late.json()).toMatchObject({ code: '1008' });
    expect((await issue(newIp())).statusCode).toBe(200);
  });

  it('limits issuing and verifying per address (AUTH_RATE_LIMIT_MAX each)', async () => {
    const ip = newIp();
    const issued = [];
    for (let i = 0; i < 7; i++) issued.push((await issue(ip)).statusCode);
    expect(issued).toEqual([200, 200, 200, 200, 200, 200, 429]);
    const other = newIp();
    const verified = [];
    for (let i = 0; i < 7; i++)
      verified.push((await verify(other, { puzzleId: 'x', trace: [] })).statusCode);
    expect(verified).toEqual([400, 400, 400, 400, 400, 400, 429]);
    const limited = await verify(other, { puzzleId: 'x', trace: [] });
    expect(limited.json()).toMatchObject({ code: '1008', data: { retryAfterSeconds: 60 } });
  });
});
