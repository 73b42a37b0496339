import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CANCELLATION_ENDPOINTS,
  cancellationPreview,
  cancellationRequest,
  cancellationView,
  ok,
} from '@exchange/contracts';
import { requireAuth } from '../../../lib/auth-context.js';
import { responses } from '../../../lib/route-schemas.js';
import {
  cancellationReviewJob,
  preview,
  submit,
  withdraw,
  type CancellationDeps,
} from './cancellation-service.js';

const tags = ['account'];

/** Account cancellation of the signed-in user, under /v1/account. */
export function cancellationRoutes(deps: CancellationDeps): FastifyPluginAsyncZod {
  deps.jobs.register(cancellationReviewJob(deps));
  return async (app) => {
    const strict = {
      rateLimit: { max: app.env.AUTH_RATE_LIMIT_MAX, timeWindow: app.env.RATE_LIMIT_WINDOW_MS },
    };
    app.get(
      CANCELLATION_ENDPOINTS.preview.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Every cancellation condition with its state, and the latest request',
          response: responses(cancellationPreview),
        },
      },
      async (request) => ok(await preview(deps, requireAuth(request).userId)),
    );

    app.post(
      CANCELLATION_ENDPOINTS.submit.path,
      {
        schema: {
          tags,
          summary:
            'Ask for the account to be closed (reason, proof, step-up); under review 7-15 HK business days',
          body: cancellationRequest,
          response: responses(cancellationView),
        },
        config: { ...strict, access: 'session' },
      },
      async (request) => ok(await submit(deps, requireAuth(request).userId, request.body)),
    );

    app.post(
      CANCELLATION_ENDPOINTS.withdraw.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Cancel the cancellation while it is under review',
          response: responses(cancellationView),
        },
      },
      async (request) => ok(await withdraw(deps, requireAuth(request).userId)),
    );
  };
}
