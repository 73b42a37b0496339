import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { CSRF_HEADER, HEADERS } from '@exchange/contracts';
import { cookieNames } from '../lib/session-cookie-names.js';
import { declareThirdPartyRoutes } from './route-access.js';

/** OpenAPI generated from the routes' Zod schemas; UI at /v1/docs, document at /v1/docs/json. */
async function apiDocs(app: FastifyInstance) {
  const cookies = cookieNames(app.env);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Exchange API',
        version: '1.0.0',
        description: [
          'Every answer is the envelope `{ code, data, message }`; `code` is "200" on success.',
          `Runtime mode travels in the \`${HEADERS.runtimeMode}\` header: 0 Real (default), 1 Demo, 2 Trial.`,
          `An operation whose security lists \`bearerAuth\` needs \`Authorization: Bearer <token>\` or the browser's HttpOnly \`${cookies.token}\` cookie, with \`${CSRF_HEADER}\` (the \`${cookies.csrf}\` cookie) on state changes; the others need no token (signed callbacks carry their own signature).`,
        ].join('\n\n'),
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer' },
          cookieAuth: { type: 'apiKey', in: 'cookie', name: cookies.token },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // The UI's pages and the document are the UI plugin's routes: public, declared on its scope.
  await app.register(async (scope) => {
    declareThirdPartyRoutes(scope, 'public');
    await scope.register(swaggerUi, { routePrefix: '/v1/docs', staticCSP: true });
  });
}

export default fp(apiDocs, { name: 'api-docs' });
