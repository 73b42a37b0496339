import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  verifySignature,
} from '@exchange/contracts/signed-request';

/** A simulator's refusal with the status it answers (an unknown id 404, a conflict 409...). */
export class SimError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** What a route handler gets: the raw body, the body as JSON (`{}` when empty), path params. */
export interface SimRequest {
  body: string;
  json(): unknown;
  params: Record<string, string>;
}

/**
 * A signed route answers what its handler returns, as JSON with 200; an open (unsigned) route
 * answers through `reply` itself (a page, a redirect) unless it returns a value.
 */
type Handler = (req: SimRequest, reply: FastifyReply) => unknown;

export interface SimServer {
  /** A route the caller signs with the shared secret (the exchange, or the party's command). */
  signed(method: 'GET' | 'POST', url: string, handler: Handler): void;
  /** A route the user's browser opens: no signature (the party's own pages). */
  open(method: 'GET' | 'POST', url: string, handler: Handler): void;
  /** Listens; resolves with the port (0 asks for a free one). */
  listen(host: string, port: number): Promise<number>;
  close(): Promise<void>;
}

const rawBody = (request: FastifyRequest): string =>
  typeof request.body === 'string' ? request.body : '';

/**
 * The HTTP side every simulated outside party shares, as a vendor's API would be:
 * - every request but `GET /health` and the `open` routes is signed with the shared secret
 *   (contracts `signed-request.ts`: the raw body, or the path for a GET); a bad or missing
 *   signature answers 401 `{ error: 'bad signature' }`, before any route is known, so an
 *   unsigned caller learns nothing of the API;
 * - a body is read as text whatever its content type (the signature covers its exact bytes);
 * - a handler's `SimError` answers its status, a body that fails its schema or is no JSON 400,
 *   each as `{ error }`; an unknown route 404 `{ error: 'not found' }`.
 */
export function simServer(opts: { secret: string; bodyLimit: number }): SimServer {
  const app = Fastify({ logger: false, exposeHeadRoutes: false, bodyLimit: opts.bodyLimit });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    done(null, body);
  });

  const signatureOk = (request: FastifyRequest): boolean =>
    verifySignature({
      secret: opts.secret,
      // A GET signs its path: it has no body.
      text:
        request.method === 'GET' ? new URL(request.url, 'http://sim').pathname : rawBody(request),
      signature: request.headers[SIGNATURE_HEADER],
      timestamp: request.headers[TIMESTAMP_HEADER],
    }).ok;

  const add = (method: 'GET' | 'POST', url: string, handler: Handler, signed: boolean) => {
    app.route({
      method,
      url,
      ...(signed
        ? {
            preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
              if (!signatureOk(request)) return reply.code(401).send({ error: 'bad signature' });
            },
          }
        : {}),
      handler: async (request, reply) => {
        const body = rawBody(request);
        const out = await handler(
          {
            body,
            json: () => JSON.parse(body || '{}') as unknown,
            params: request.params as Record<string, string>,
          },
          reply,
        );
        return reply.sent ? reply : reply.code(200).send(out);
      },
    });
  };

  app.get('/health', () => ({ ok: true }));
  app.setNotFoundHandler((request, reply) =>
    signatureOk(request)
      ? reply.code(404).send({ error: 'not found' })
      : reply.code(401).send({ error: 'bad signature' }),
  );
  app.setErrorHandler((err, _request, reply) => {
    if (err instanceof SimError) return reply.code(err.status).send({ error: err.message });
    if (err instanceof z.ZodError) return reply.code(400).send({ error: z.prettifyError(err) });
    // Fastify's own refusals (a body over the limit) keep their status; anything else is the
    // caller's malformed request.
    const status = (err as { statusCode?: number }).statusCode;
    return reply
      .code(status && status >= 400 && status < 500 ? status : 400)
      .send({ error: (err as Error).message });
  });

  return {
    signed: (method, url, handler) => add(method, url, handler, true),
    open: (method, url, handler) => add(method, url, handler, false),
    async listen(host, port) {
      await app.listen({ host, port });
      const address = app.server.address();
      return typeof address === 'object' && address ? address.port : port;
    },
    close: () => app.close(),
  };
}
