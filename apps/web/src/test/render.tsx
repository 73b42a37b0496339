import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { routes } from '../app/routes';
import { createApiClient } from '../lib/api-client';

type Answer = { status?: number; body: unknown };

/**
 * Renders the app's routes at `path` with a fresh query cache and an api client whose fetch
 * answers from `answers` by path: no network.
 */
export function renderApp(
  path: string,
  answers: Record<string, Answer> = {},
): ReturnType<typeof render> {
  const fetch = (input: RequestInfo | URL) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://localhost');
    const answer = answers[url.pathname];
    return Promise.resolve(
      answer
        ? new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 })
        : new Response(JSON.stringify({ code: '1006', data: null, message: 'Not found.' }), {
            status: 404,
          }),
    );
  };
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const ui: ReactElement = (
    <AppProviders queryClient={createQueryClient()} apiClient={createApiClient({ fetch })}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  return render(ui);
}

export const ok = (data: unknown): Answer => ({ body: { code: '200', data, message: 'success' } });
