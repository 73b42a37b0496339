import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { directionViolations, gatewayRules, webRules } from '../src/import-direction.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

describe('import direction', () => {
  it('holds in the gateway: no cycles between features, nothing imports upwards', () => {
    expect(directionViolations(join(root, 'apps/gateway/src'), gatewayRules)).toEqual([]);
  });

  it('holds in the web client: features import no other feature, shared code no feature', () => {
    expect(directionViolations(join(root, 'apps/web/src'), webRules)).toEqual([]);
  });
});

describe('the checker', () => {
  const dir = mkdtempSync(join(tmpdir(), 'imports-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };

  it('reports a cycle through a type import or a dynamic import, and an upward import', () => {
    file('features/a/a.ts', "import type { B } from '../b/b.js';\nexport type A = B;\n");
    file('features/b/b.ts', "export type B = 1;\nexport const load = () => import('../a/a.js');\n");
    file('features/c/c.ts', "export { x } from '../../app.js';\n");
    file('lib/util.ts', "import { y } from '../features/c/c.js';\nexport const z = y;\n");
    file('app.ts', 'export const x = 1;\n');
    expect(directionViolations(dir, gatewayRules).sort()).toEqual([
      'features import each other: features/a -> features/b -> features/a',
      'features/c/c.ts imports app.js (features/c may not import (root))',
      'lib/util.ts imports features/c/c.js (lib may not import features/c)',
    ]);
    expect(directionViolations(dir, webRules)).toContain(
      'features/a/a.ts imports features/b/b.js (features/a may not import features/b)',
    );
  });
});
