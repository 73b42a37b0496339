import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('..', import.meta.url));
const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.(ts|tsx)$/;

/** The API client's own methods, called on it directly (`client.get(`, `client.request(`, ...). */
const DIRECT_CALL =
  /\b(?:client|apiClient|useApiClient\(\))\s*\.\s*(?:get|post|put|patch|delete|request)\s*\(/g;

/** The client and `call()`, the one place that sends a contracts endpoint through it. */
const CLIENT_ITSELF = [join('lib', 'api-client.ts'), join('lib', 'endpoint.ts')];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return SOURCE.test(entry.name) && !TEST.test(entry.name) ? [path] : [];
  });
}

/** The gateway's paths come from the contracts' endpoints; the client never spells one out. */
describe('API paths', () => {
  it('leaves no /v1/ literal in the client outside tests', () => {
    const found = sources(SRC).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          line.includes('/v1/') ? [`${relative(SRC, file)}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(sources(SRC).length).toBeGreaterThan(100);
    expect(found).toEqual([]);
  });

  it('calls the API only through call() with a contracts endpoint', () => {
    const callers = sources(SRC).filter((file) => !CLIENT_ITSELF.includes(relative(SRC, file)));
    const found = callers.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return [...text.matchAll(DIRECT_CALL)].map((m) => {
        const line = text.slice(0, m.index).split('\n').length;
        return `${relative(SRC, file)}:${line}: ${m[0]}`;
      });
    });
    expect(callers.length).toBeGreaterThan(100);
    expect(found).toEqual([]);
  });

  it('finds a direct call however it is written', () => {
    const calls = [
      'client.get(PATH, schema)',
      'client.request(path, schema, { method: "POST" })',
      'client\n      .post(path)',
      'useApiClient().get(PATH, schema)',
      'apiClient.put(path)',
    ];
    for (const text of calls) expect(text.match(DIRECT_CALL), text).not.toBeNull();
    expect('call(client, X_ENDPOINTS.y, schema)'.match(DIRECT_CALL)).toBeNull();
    expect('search.get("tab")'.match(DIRECT_CALL)).toBeNull();
  });
});
