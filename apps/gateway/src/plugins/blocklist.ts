import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  errorByCode,
  resolveLanguage,
  translateError,
  type BlockListItem,
} from '@exchange/contracts';
import { findBlock, loadBlockList } from '../features/platform/blocklist/blocklist-service.js';
import { onCatalogueChange } from '../lib/catalogue-changes.js';

declare module 'fastify' {
  interface FastifyInstance {
    blockList: { items(): readonly BlockListItem[]; refresh(): Promise<void> };
  }
}

/**
 * Denies requests whose path and method match a block-list entry, answering with the entry's
 * mask code (its catalogue status and text when the code is in the catalogue) and `{ mask, tag }`
 * as data. The list is read from Postgres at start and every BLOCKLIST_REFRESH_MS.
 */
async function blocklist(app: FastifyInstance) {
  let items: readonly BlockListItem[] = await loadBlockList(app.db);
  const refresh = async () => {
    items = await loadBlockList(app.db);
  };
  const refreshNow = () => {
    refresh().catch((err: unknown) => app.log.warn({ err }, 'block list refresh failed'));
  };
  const timer = setInterval(refreshNow, app.env.BLOCKLIST_REFRESH_MS);
  timer.unref();
  // An operator's change applies at once in every gateway, not at the next refresh.
  const stopWatching = await onCatalogueChange(app.redis, (change) => {
    if (change === 'blocklist') refreshNow();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await stopWatching();
  });
  app.decorate('blockList', { items: () => items, refresh });

  app.addHook('onRequest', async (request, reply) => {
    if (items.length === 0) return;
    const path = matchedPath(request);
    const hit = findBlock(items, request.method, path);
    if (!hit) return;
    const known = errorByCode(hit.mask);
    request.log.info({ path, mask: hit.mask, tag: hit.tag }, 'blocked by block list');
    return reply.code(known && known.status >= 400 ? known.status : 403).send({
      code: String(hit.mask),
      data: { mask: hit.mask, tag: hit.tag },
      message:
        translateError(hit.mask, resolveLanguage(request.headers['accept-language'])) ??
        known?.message ??
        'This function is not available.',
    });
  });
}

/**
 * The path of the route the router matched, with its parameters' values: every spelling of a
 * path (`/%76%31/...`, a trailing slash, `#...`) gives the same one. The URL's path when no route
 * matched (the request ends in a 404 if it is not blocked).
 */
function matchedPath(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern === undefined) return request.url.split('?')[0] ?? request.url;
  const params = (request.params ?? {}) as Record<string, string | undefined>;
  return pattern
    .replace(/:(\w+)/g, (_, name: string) => params[name] ?? '')
    .replace(/\*$/, params['*'] ?? '');
}

export default fp(blocklist, { name: 'blocklist', dependencies: ['infrastructure'] });
