// The direction of imports inside an app, checked by `npm test` (test/import-direction.test.ts):
// an app is folded by feature, and its parts may only lean one way, so a feature can be read,
// tested and changed without the rest of the app in its head.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** A part of an app: `features/<name>` for a feature, else its top folder under src. */
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

function areaOf(src: string, file: string): Area {
  const parts = relative(src, file).split(sep);
  if (parts[0] === 'features' && parts.length > 2) return `features/${parts[1]}`;
  return parts.length > 1 ? (parts[0] ?? '') : '(root)';
}

/** Every relative import (static, re-export or dynamic) between two areas of `src`. */
export function crossAreaImports(src: string): Import[] {
  const found: Import[] = [];
  for (const file of sourceFiles(src)) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of info.importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolve(dirname(file), fileName);
      const fromArea = areaOf(src, file);
      const toArea = areaOf(src, target);
      if (fromArea !== toArea)
        found.push({ from: relative(src, file), to: relative(src, target), fromArea, toArea });
    }
  }
  return found;
}

const isFeature = (area: Area) => area.startsWith('features/');

/** The imports that break the rules, and every cycle between features, as readable lines. */
export function directionViolations(src: string, rules: DirectionRules): string[] {
  const imports = crossAreaImports(src);
  const problems: string[] = [];
  const graph = new Map<Area, Set<Area>>();
  for (const i of imports) {
    const between = isFeature(i.fromArea) && isFeature(i.toArea);
    if (rules.forbidden(i.fromArea, i.toArea) || (between && !rules.featuresImportFeatures))
      problems.push(`${i.from} imports ${i.to} (${i.fromArea} may not import ${i.toArea})`);
    if (between) graph.set(i.fromArea, (graph.get(i.fromArea) ?? new Set()).add(i.toArea));
  }
  for (const cycle of cycles(graph)) problems.push(`features import each other: ${cycle}`);
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
 * back up into features, plugins or the app.
 */
export const gatewayRules: DirectionRules = {
  featuresImportFeatures: true,
  forbidden: (from, to) => {
    const shared = ['lib', 'config', 'db', 'jobs'];
    if (shared.includes(from)) return isFeature(to) || to === 'plugins' || to === '(root)';
    if (isFeature(from)) return to === 'plugins' || to === '(root)';
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
