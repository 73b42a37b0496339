import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signedGet, signedPost } from '@exchange/contracts/signed-request';
import { SimError, simServer, type SimServer } from '../../src/sim/kit/server.js';

const secret = 'f'.repeat(64);
let server: SimServer | undefined;
afterEach(() => server?.close());

/** A simulator with one route of each kind, on a free port. */
async function start(): Promise<string> {
  server = simServer({ secret, bodyLimit: 1024 });
  server.signed('POST', '/echo', (req) => ({ got: z.object({ n: z.number() }).parse(req.json()) }));
  server.signed('GET', '/things/:id', (req) => {
    if (req.params.id === 'gone') throw new SimError(404, 'no thing gone');
    return { id: req.params.id };
  });
  server.open('POST', '/page/:id/ok', (req, reply) =>
    reply.code(303).header('location', `/page/${req.params.id}`).send(),
  );
  return `http://127.0.0.1:${await server.listen('127.0.0.1', 0)}`;
}

const answer = async (res: Response): Promise<{ status: number; body: unknown }> => ({
  status: res.status,
  body: await res.json(),
});

describe('the simulators kit', () => {
  it('answers a signed call with its handler result, and GETs sign their path', async () => {
    const base = await start();
    expect(await answer(await signedPost(`${base}/echo`, { n: 1 }, secret))).toEqual({
      status: 200,
      body: { got: { n: 1 } },
    });
    expect(await answer(await signedGet(`${base}/things/a?x=1`, secret))).toEqual({
      status: 200,
      body: { id: 'a' },
    });
  });

  it('refuses an unsigned or wrongly signed call, even to an unknown route, with 401', async () => {
    const base = await start();
    const bad = { error: 'bad signature' };
    const plain = await fetch(`${base}/echo`, { method: 'POST', body: '{"n":1}' });
    expect(await answer(plain)).toEqual({ status: 401, body: bad });
    const wrong = await signedPost(`${base}/echo`, { n: 1 }, 'e'.repeat(64));
    expect(await answer(wrong)).toEqual({ status: 401, body: bad });
    expect(await answer(await fetch(`${base}/nowhere`))).toEqual({ status: 401, body: bad });
    expect(await answer(await signedGet(`${base}/nowhere`, secret))).toEqual({
      status: 404,
      body: { error: 'not found' },
    });
  });

  it('answers a bad body 400, a SimError its status, each as { error }', async () => {
    const base = await start();
    const wrongShape = await answer(await signedPost(`${base}/echo`, { n: 'one' }, secret));
    expect(wrongShape.status).toBe(400);
    expect(wrongShape.body).toMatchObject({ error: expect.stringContaining('n') as string });
    const notJson = await answer(await signedPost(`${base}/echo`, '{n:', secret));
    expect(notJson.status).toBe(400);
    expect(await answer(await signedGet(`${base}/things/gone`, secret))).toEqual({
      status: 404,
      body: { error: 'no thing gone' },
    });
  });

  it('serves open routes unsigned, whatever the content type', async () => {
    const base = await start();
    const res = await fetch(`${base}/page/p1/ok`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/page/p1');
    expect(await answer(await fetch(`${base}/health`))).toEqual({
      status: 200,
      body: { ok: true },
    });
  });
});
