import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { build, type TestApp } from '../helpers/build.js';
import { listen } from '../helpers/listen.js';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await build();
  port = Number(new URL(await listen(t)).port);
});
afterAll(() => t.close());

interface Operation {
  method: string;
  /** The route's path with a sample value for each parameter. */
  path: string;
  /** The path as the OpenAPI document lists it. */
  documented: string;
  bearer: boolean;
}

const SAMPLE_ID = '00000000-0000-4000-8000-000000000001';

function operations(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as {
    paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
  };
  const ops: Operation[] = [];
  for (const [documented, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) {
      ops.push({
        method: method.toUpperCase(),
        path: documented.replace(/\{[^}]+\}/g, SAMPLE_ID),
        documented,
        bearer: (op.security ?? []).some((s) => 'bearerAuth' in s),
      });
    }
  return ops;
}

/** Spellings of a path that a client could send in the request line instead of the path. */
function spellings(path: string): string[] {
  const [, first = '', ...rest] = path.split('/');
  const tail = rest.join('/');
  const encode = (s: string) =>
    s.replace(/[a-z0-9]/gi, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  const after = tail ? `/${tail}` : '';
  return [
    `/${encode(first)}${after}`, // percent-encoded letters: /%76%31/...
    encode(path),
    `/${first}${after.replace(/\//g, '%2F')}`, // encoded slashes
    path.replace(/\//g, '%2F'),
    `/${first}/${after}`, // //
    `/${path}`,
    `/${first}/.${after}`, // /./
    `/${first}/%2e${after}`,
    `/${first}/x/..${after}`, // /../
    `${path}/x/..`,
    `/${first}/public/..${after}`,
    `${path}/../x/..`,
    `${path};x`, // ;
    `${path};/public/`,
    `${path}#/public/`, // #
    `${path}%23/public/`,
    `${path}/`, // trailing slash
    path.toUpperCase(), // upper case
    `/${first.toUpperCase()}${after}`,
    `${path}/public/`, // /public/ appended
    `${path}?a=/public/`,
    `${path}/?a=/public/#/public/`,
  ];
}

/** Sends one request line over a plain socket (nothing normalises it); answers the status. */
function send(method: string, target: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const body = method === 'GET' || method === 'DELETE' ? '' : '{}';
    let received = '';
    socket.setEncoding('latin1');
    socket.setTimeout(15_000, () => socket.destroy(new Error(`no answer: ${method} ${target}`)));
    socket.on('connect', () =>
      socket.write(
        `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n` +
          (body ? `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n` : '') +
          `\r\n${body}`,
      ),
    );
    socket.on('data', (chunk: string) => {
      received += chunk;
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(received);
      if (status) {
        resolve(Number(status[1]));
        socket.destroy();
      }
    });
    socket.on('error', reject);
    // Closed without an answer: nothing was served.
    socket.on('close', () => resolve(0));
  });
}

async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

describe('who may call a route is decided by the matched route', () => {
  it('documents every route with the security its declared access gives', () => {
    const ops = operations(t.app);
    expect(ops.length).toBeGreaterThan(100);
    const declared = new Map(t.app.routeAccess.map((r) => [`${r.method} ${r.url}`, r.access]));
    for (const op of ops) {
      const url = op.documented.replace(/\{([^}]+)\}/g, ':$1');
      const access = declared.get(`${op.method} ${url}`);
      expect(access, `${op.method} ${op.documented}`).toBeDefined();
      expect(op.bearer, `${op.method} ${op.documented} is ${access}`).toBe(access === 'session');
    }
  });

  it(
    'answers no spelling of a path better than the path itself, and 401 on a session route',
    { timeout: 300_000 },
    async () => {
      // The spellings from the issue first: both opened a session route without a token.
      expect(await send('GET', '/%76%31/rapid-buy/info')).toBe(401);
      expect(await send('GET', '/v1/rapid-buy/info#/public/')).toBe(401);

      const refusals = new Set([0, 400, 401, 404]);
      const problems: string[] = [];
      let sessionRoutes = 0;
      await inBatches(operations(t.app), 4, async (op) => {
        const canonical = await send(op.method, op.path);
        if (op.bearer) {
          sessionRoutes++;
          if (canonical !== 401) problems.push(`${op.method} ${op.path}: ${canonical}, not 401`);
        }
        for (const spelled of spellings(op.path)) {
          const status = await send(op.method, spelled);
          const allowed =
            canonical === 401 ? refusals.has(status) : status === canonical || refusals.has(status);
          if (!allowed)
            problems.push(`${op.method} ${spelled}: ${status} where ${op.path} gives ${canonical}`);
        }
      });
      expect(sessionRoutes).toBeGreaterThan(80);
      expect(problems).toEqual([]);
    },
  );

  it('does not start when a route declares no access, naming it', async () => {
    let scope: FastifyInstance | undefined;
    await expect(
      buildApp({
        env: t.env,
        clock: t.clock,
        logger: false,
        extraRoutes: (app) => {
          scope = app;
          app.get('/v1/test/undeclared', async () => 'open');
        },
      }),
    ).rejects.toThrow(/GET \/v1\/test\/undeclared declares no access/);
    await scope?.close();
  });

  it('does not start when a signed callback route checks no signature', async () => {
    let scope: FastifyInstance | undefined;
    await expect(
      buildApp({
        env: t.env,
        clock: t.clock,
        logger: false,
        extraRoutes: (app) => {
          scope = app;
          app.post('/v1/test/public/callback', { config: { access: 'callback' } }, async () => 'x');
        },
      }),
    ).rejects.toThrow(
      /POST \/v1\/test\/public\/callback declares access 'callback' but checks no signature/,
    );
    await scope?.close();
  });

  it('does not start when a route says it needs no token in its OpenAPI security', async () => {
    let scope: FastifyInstance | undefined;
    await expect(
      buildApp({
        env: t.env,
        clock: t.clock,
        logger: false,
        extraRoutes: (app) => {
          scope = app;
          app.get(
            '/v1/test/mismatch',
            { schema: { security: [] }, config: { access: 'session' } },
            async () => 'x',
          );
        },
      }),
    ).rejects.toThrow(/GET \/v1\/test\/mismatch declares access 'session'/);
    await scope?.close();
  });
});
