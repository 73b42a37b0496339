// The direction of imports inside an app, checked by `npm test` (test/import-direction.test.ts):
// an app is folded by feature, and its parts may only lean one way, so a feature can be read,
// tested and changed without the rest of the app in its head.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/**
 * A part of an app: `features/<name>` for a feature (`features/<group>/<name>` where features are
 * grouped by domain), else its top folder under src.
 */
export type Area = string;

export interface Import {
  from: string;
  to: string;
  fromArea: Area;
  toArea: Area;
}

export interface DirectionRules {
  /** Areas an area may not import (besides the cycle rule between features). */
  forbidden(from: Area, to: Area): boolean;
  /** Whether features may import each other at all (acyclically) or not at all. */
  featuresImportFeatures: boolean;
  /**
   * Features folded by domain, `features/<group>/<feature>`: each group with the groups its
   * features may import besides their own. Set, every feature sits in one of these groups.
   */
  groups?: Readonly<Record<string, readonly string[]>>;
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
      out.push(path);
  }
  return out;
}

function areaOf(src: string, file: string, grouped: boolean): Area {
  const parts = relative(src, file).split(sep);
  const depth = grouped ? 3 : 2;
  if (parts[0] === 'features' && parts.length > depth) return parts.slice(0, depth).join('/');
  // A file beside the features of a group (grouped) or beside the features (not) is its own area.
  if (parts[0] === 'features' && parts.length > 2) return `features/${parts[1]}`;
  return parts.length > 1 ? (parts[0] ?? '') : '(root)';
}

/**
 * Every relative import (static, re-export or dynamic) between two areas of `src`; `grouped`:
 * features sit in domain groups (`features/<group>/<feature>`).
 */
export function crossAreaImports(src: string, grouped = false): Import[] {
  const found: Import[] = [];
  for (const file of sourceFiles(src)) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of info.importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolve(dirname(file), fileName);
      const fromArea = areaOf(src, file, grouped);
      const toArea = areaOf(src, target, grouped);
      if (fromArea !== toArea)
        found.push({ from: relative(src, file), to: relative(src, target), fromArea, toArea });
    }
  }
  return found;
}

const isFeature = (area: Area) => area.startsWith('features/');
const groupOf = (area: Area) => area.split('/')[1] ?? '';

/**
 * The imports that break the rules, every cycle between features and, where features are
 * grouped, every import against the groups' direction, as readable lines.
 */
export function directionViolations(src: string, rules: DirectionRules): string[] {
  const { groups } = rules;
  const problems = groups ? groupProblems(src, groups) : [];
  const graph = new Map<Area, Set<Area>>();
  for (const i of crossAreaImports(src, groups !== undefined)) {
    const between = isFeature(i.fromArea) && isFeature(i.toArea);
    if (rules.forbidden(i.fromArea, i.toArea) || (between && !rules.featuresImportFeatures))
      problems.push(`${i.from} imports ${i.to} (${i.fromArea} may not import ${i.toArea})`);
    else if (between && groups) {
      const [from, to] = [groupOf(i.fromArea), groupOf(i.toArea)];
      if (from !== to && !groups[from]?.includes(to))
        problems.push(`${i.from} imports ${i.to} (the ${from} group may not import ${to})`);
    }
    if (between) graph.set(i.fromArea, (graph.get(i.fromArea) ?? new Set()).add(i.toArea));
  }
  for (const cycle of cycles(graph)) problems.push(`features import each other: ${cycle}`);
  return problems;
}

/** Folders under features that are no group, and any cycle in the groups' own direction. */
function groupProblems(src: string, groups: Readonly<Record<string, readonly string[]>>): string[] {
  const problems = readdirSync(join(src, 'features'))
    .filter((name) => statSync(join(src, 'features', name)).isDirectory() && !(name in groups))
    .map((name) => `features/${name} is in no group (${Object.keys(groups).join(', ')})`);
  const graph = new Map(Object.entries(groups).map(([g, to]) => [g, new Set(to)]));
  for (const cycle of cycles(graph)) problems.push(`groups may import each other: ${cycle}`);
  return problems;
}

/** Each cycle of the graph once, as "a -> b -> a" (depth-first search from every node). */
export function cycles(graph: Map<Area, Set<Area>>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  const visit = (node: Area, path: Area[]) => {
    for (const next of graph.get(node) ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) {
        const loop = path.slice(at);
        const key = [...loop].sort().join(' ');
        if (!seen.has(key)) {
          seen.add(key);
          out.push([...loop, next].join(' -> '));
        }
      } else visit(next, [...path, next]);
    }
  };
  for (const node of graph.keys()) visit(node, [node]);
  return out;
}

/**
 * The gateway: `app.ts` composes plugins and features; features use the shared layers (lib,
 * config, db, jobs) and may use other features without cycles; nothing below a feature reaches
 * back up into features, plugins or the app. Features are grouped by domain, each group leaning
 * on the ones before it: the platform (socket, notifications, mail, files, catalogue) serves
 * every domain and knows none; identity (accounts, sessions, security, KYC) stands on it; the
 * wallet (ledger, balances, chains, crypto money in and out, statements) on both; fiat (the
 * partner bank, fiat money in and out, FX, flash remittance) also uses the wallet's ledger and
 * money-out checks; trading (orders, settlement, market data, market makers, Rapid Buy) may use
 * all of those; operations (the operator's commands, health and metrics) oversee everything.
 */
export const gatewayRules: DirectionRules = {
  featuresImportFeatures: true,
  groups: {
    platform: [],
    identity: ['platform'],
    wallet: ['platform', 'identity'],
    fiat: ['platform', 'identity', 'wallet'],
    trading: ['platform', 'identity', 'wallet', 'fiat'],
    operations: ['platform', 'identity', 'wallet', 'fiat', 'trading'],
  },
  forbidden: (from, to) => {
    const shared = ['lib', 'config', 'db', 'jobs'];
    if (shared.includes(from)) return isFeature(to) || to === 'plugins' || to === '(root)';
    // `features/index.ts` lists the features for the app to load: no feature reads it.
    if (isFeature(from)) return to === 'plugins' || to === '(root)' || to === 'features';
    if (from === 'plugins') return to === '(root)';
    return false;
  },
};

/**
 * The web client (bulletproof-react's one-way imports): app -> features -> shared components,
 * lib and config; features do not import each other.
 */
export const webRules: DirectionRules = {
  featuresImportFeatures: false,
  forbidden: (from, to) => {
    const shared = ['components', 'lib', 'config', 'styles'];
    if (shared.includes(from)) return isFeature(to) || to === 'app' || to === '(root)';
    if (isFeature(from)) return to === 'app' || to === '(root)';
    return false;
  },
};
