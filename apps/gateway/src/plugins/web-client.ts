import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { sendError } from './error-handler.js';
import { AppError } from '../lib/app-error.js';

/**
 * Serves the built web client on the API's origin. Unknown GET paths outside /v1 answer the
 * client's index.html so its router can take over; unknown API paths stay a 1006 envelope.
 */
async function webClient(app: FastifyInstance, opts: { root: string }) {
  const index = path.join(opts.root, 'index.html');
  if (!existsSync(index)) {
    app.log.warn({ root: opts.root }, 'web client not built; serving the API only');
    return;
  }
  await app.register(fastifyStatic, {
    root: opts.root,
    wildcard: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/v1/');
    if (wantsPage && !path.extname(request.url.split('?')[0] ?? '')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendError(reply, new AppError('NOT_FOUND'));
  });
}

export default fp(webClient, { name: 'web-client' });
