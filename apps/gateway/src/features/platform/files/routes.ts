import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FILE_ENDPOINTS,
  FILE_PLACE_RULES,
  errorEnvelope,
  fileIdParams,
  ok,
  reviewFileQuery,
  uploadFilesQuery,
  uploadFilesResponse,
} from '@exchange/contracts';
import { requireAuth } from '../../../lib/auth-context.js';
import { AppError } from '../../../lib/app-error.js';
import { responses } from '../../../lib/route-schemas.js';
import {
  readForReview,
  readOwnFile,
  uploadFiles,
  type FileContent,
  type FilesDeps,
} from './file-service.js';

const errorsOnly = { '4xx': errorEnvelope, '5xx': errorEnvelope } as const;

/** Uploads under /v1/files: upload, the owner's download, the reviewer's signed download. */
export function fileRoutes(deps: FilesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      FILE_ENDPOINTS.upload.path,
      {
        schema: {
          tags: ['files'],
          summary:
            'Upload files for a place (multipart/form-data, one part per file); type by content, images re-encoded',
          querystring: uploadFilesQuery,
          response: responses(uploadFilesResponse),
        },
        config: {
          access: 'session',
          rateLimit: {
            max: app.env.UPLOAD_RATE_LIMIT_MAX,
            timeWindow: app.env.RATE_LIMIT_WINDOW_MS,
          },
        },
      },
      async (request) => {
        const { userId } = requireAuth(request);
        if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
        const rule = FILE_PLACE_RULES[request.query.place];
        const parts = request.files({
          limits: {
            fileSize: rule.maxBytes,
            files: rule.maxFiles,
            fields: 10,
            fieldSize: 1024,
            parts: 20,
          },
        });
        return ok({
          files: await uploadFiles(deps, { ownerId: userId, place: request.query.place, parts }),
        });
      },
    );

    app.get(
      FILE_ENDPOINTS.file.path,
      {
        config: { access: 'session' },
        schema: {
          tags: ['files'],
          summary: 'Download one of your files (anyone else gets 7061, as for a missing file)',
          params: fileIdParams,
          response: errorsOnly,
        },
      },
      async (request, reply) =>
        sendFile(
          reply,
          await readOwnFile(deps, { ownerId: requireAuth(request).userId, id: request.params.id }),
        ),
    );

    app.get(
      FILE_ENDPOINTS.review.path,
      {
        config: { access: 'public' },
        schema: {
          tags: ['files'],
          summary: "The KYC reviewer's short-lived signed link to one file",
          params: fileIdParams,
          querystring: reviewFileQuery,
          response: errorsOnly,
        },
      },
      async (request, reply) =>
        sendFile(reply, await readForReview(deps, { id: request.params.id, ...request.query })),
    );
  };
}

/**
 * The content as the browser must treat it: never cached, never sniffed into another type,
 * sandboxed if opened, PDFs downloaded rather than shown in the page's origin.
 */
function sendFile(reply: FastifyReply, file: FileContent): FastifyReply {
  const inline = file.mime.startsWith('image/');
  const ascii = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header('content-type', file.mime)
    .header('content-length', file.content.length)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header(
      'content-disposition',
      `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeRFC5987(file.name)}`,
    )
    .send(file.content);
}

function encodeRFC5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
