import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listEndpoints } from '@exchange/contracts';
import { build, type TestApp } from '../helpers/build.js';

interface OpenApi {
  paths: Record<string, Record<string, unknown>>;
}

/** The gateway serves the contracts' endpoints: each with its method, and nothing beside them. */
describe('contract endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ DEV_CREDIT: 'true' });
  });
  afterAll(() => t.close());

  it('registers every endpoint of the contracts with its method and path', () => {
    const missing = listEndpoints()
      .filter(({ endpoint }) => !t.app.hasRoute({ method: endpoint.method, url: endpoint.path }))
      .map(({ name, endpoint }) => `${name}: ${endpoint.method} ${endpoint.path}`);
    expect(missing).toEqual([]);
  });

  it('registers no documented route the contracts do not list', () => {
    const known = new Set(
      listEndpoints().map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`),
    );
    const spec = (t.app as unknown as { swagger(): OpenApi }).swagger();
    const unlisted = Object.entries(spec.paths)
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      )
      .filter((route) => !known.has(route));
    expect(unlisted).toEqual([]);
  });
});
