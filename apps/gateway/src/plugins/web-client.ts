import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/** Whether a built web client exists in `root`. */
export function hasWebClient(root: string | undefined): root is string {
  return root !== undefined && existsSync(path.join(root, 'index.html'));
}

/** Serves the built web client on the API's origin (pages fall back in `notFoundHandler`). */
async function webClient(app: FastifyInstance, opts: { root: string }) {
  await app.register(fastifyStatic, {
    root: opts.root,
    wildcard: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}

export default fp(webClient, { name: 'web-client' });
