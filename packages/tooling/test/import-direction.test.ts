import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { directionViolations, gatewayRules, webRules } from '../src/import-direction.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

describe('import direction', () => {
  it('holds in the gateway: groups in their direction, no cycles between features, nothing imports upwards', () => {
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
    // The gateway's rules on features that are not grouped.
    const { groups: _groups, ...ungrouped } = gatewayRules;
    expect(directionViolations(dir, ungrouped).sort()).toEqual([
      'features import each other: features/a -> features/b -> features/a',
      'features/c/c.ts imports app.js (features/c may not import (root))',
      'lib/util.ts imports features/c/c.js (lib may not import features/c)',
    ]);
    expect(directionViolations(dir, webRules)).toContain(
      'features/a/a.ts imports features/b/b.js (features/a may not import features/b)',
    );
  });

  it('keeps grouped features in their groups and the groups in their direction', () => {
    const grouped = join(dir, 'grouped');
    const at = (path: string, text: string) => file(join('grouped', path), text);
    at('features/base/log/log.ts', 'export const log = 1;\n');
    at(
      'features/money/ledger/post.ts',
      "import { log } from '../../base/log/log.js';\nexport const post = log;\n",
    );
    at(
      'features/money/pay/pay.ts',
      "import { post } from '../ledger/post.js';\nexport const pay = post;\n",
    );
    at('features/base/mail/mail.ts', "export { pay } from '../../money/pay/pay.js';\n");
    at('features/stray/x.ts', 'export const x = 1;\n');
    const rules = { ...gatewayRules, groups: { base: [], money: ['base'] } };
    expect(directionViolations(grouped, rules).sort()).toEqual([
      'features/base/mail/mail.ts imports features/money/pay/pay.js (the base group may not import money)',
      'features/stray is in no group (base, money)',
    ]);
    expect(
      directionViolations(grouped, {
        ...rules,
        groups: { base: ['money'], money: ['base'], stray: [] },
      }),
    ).toEqual(['groups may import each other: base -> money -> base']);
  });
});
