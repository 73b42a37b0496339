import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import { declareThirdPartyRoutes } from './route-access.js';

/** Whether a built web client exists in `root`. */
export function hasWebClient(root: string | undefined): root is string {
  return root !== undefined && existsSync(path.join(root, 'index.html'));
}

/**
 * Serves the built web client on the API's origin (pages fall back to index.html in
 * `notFoundHandler`, through the same `sendFile`, so they get the same encoding and headers).
 */
async function webClient(app: FastifyInstance, opts: { root: string }) {
  const assets = path.join(path.resolve(opts.root), 'assets') + path.sep;
  const files: FastifyStaticOptions = {
    root: opts.root,
    wildcard: false,
    // The web build writes .br and .gz beside each text file; the one the browser accepts is
    // sent with Content-Encoding and `Vary: Accept-Encoding`: no CPU spent per request.
    preCompressed: true,
    // Those siblings are encodings of a file, not files of their own.
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders(res, filePath) {
      // Only Vite's hashed output under /assets changes name when it changes; index.html and the
      // files copied from public/ (favicon) keep their names and must be revalidated.
      const immutable = path.resolve(filePath).startsWith(assets);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  };
  // `reply.sendFile` for the page fallback of the not-found handler, on the app's own scope.
  await app.register(fastifyStatic, { ...files, serve: false });
  // The files' routes, public, in a scope of their own where that is declared.
  await app.register(async (scope) => {
    declareThirdPartyRoutes(scope, 'public');
    await scope.register(fastifyStatic, { ...files, decorateReply: false });
  });
}

export default fp(webClient, { name: 'web-client' });
