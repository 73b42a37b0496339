// `npm run build:processes`: the exchange's server processes as plain JavaScript, run with
// `node` (no tsx, no TypeScript compiler at run time) and only the production dependencies:
// what the docker images run (docs/operations.md, Production processes). One bundle per
// process entry in each app's dist/: the workspace's own packages (@exchange/*, whose exports
// are TypeScript sources) are bundled in; every package from the registry stays an import of
// node_modules (native addons such as argon2 and sharp, and Prisma's runtime, must be loaded
// from their own folders).
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { appDir } from './workspace.js';

/** Each app's process entries (src/…ts), built to dist/<same name>.mjs. */
export const PROCESSES: Record<string, string[]> = {
  gateway: [
    'src/cluster.ts',
    'src/server.ts',
    'src/cli/ops.ts',
    // What `npm start` runs before the processes: the seed, the shard map, the feed's anchors.
    'src/db/seed/run.ts',
    'src/features/trading/orders/engine-symbols-cli.ts',
    'src/features/trading/exchange-rates/feed-assets-cli.ts',
    // The one-shot commands of docker compose's `secrets` and `migrate` services, so they run
    // on the small runtime image: the secrets file, and applying migrations (pg only).
    '../../packages/tooling/src/secrets-cli.ts',
    '../../packages/tooling/src/db/cli.ts',
  ],
  'matching-sim': [
    'src/main.ts',
    'src/sim/kyc/main.ts',
    'src/sim/chain/main.ts',
    'src/sim/bank/main.ts',
    'src/sim/card/main.ts',
    'src/sim/oidc/main.ts',
    // The simulators' command lines (`docker compose exec chain-sim node dist/sim/chain/cli.mjs`).
    'src/sim/kyc/cli.ts',
    'src/sim/chain/cli.ts',
    'src/sim/bank/cli.ts',
    'src/sim/card/cli.ts',
  ],
};

/**
 * The app's own registry dependencies stay imports of its node_modules; the workspace's
 * packages, and what they use that the app does not list, are bundled in (pnpm gives the app
 * only the packages it lists).
 */
function ownDependencies(dir: string): Plugin {
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const own = Object.keys(pkg.dependencies ?? {}).filter((d) => !d.startsWith('@exchange/'));
  const isOwn = (spec: string) => own.some((d) => spec === d || spec.startsWith(`${d}/`));
  return {
    name: 'own-dependencies',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) =>
        isOwn(args.path) ? { path: args.path, external: true } : undefined,
      );
    },
  };
}

/**
 * `import.meta.url` keeps meaning the source file it is written in (defaults such as the
 * uploads folder and the secrets file are found relative to it), not the bundle.
 */
const sourceUrls: Plugin = {
  name: 'source-urls',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      return {
        contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
        loader: 'ts',
      };
    });
  },
};

export async function buildProcesses(): Promise<void> {
  for (const [app, entries] of Object.entries(PROCESSES)) {
    const dir = appDir(app);
    const outdir = path.join(dir, 'dist');
    rmSync(outdir, { recursive: true, force: true });
    await build({
      absWorkingDir: dir,
      entryPoints: entries.map((e) => ({
        in: e,
        out: e
          .replace(/^\.\.\/\.\.\/packages\/([^/]+)\/src\//, '$1/')
          .replace(/^src\//, '')
          .replace(/\.ts$/, ''),
      })),
      outdir,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      sourcemap: true,
      // Bundled CommonJS (rare in the workspace) still finds `require`.
      banner: {
        js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
      },
      // Creating a migration (the schema engine) is a developer's command; the built migrate
      // command only applies them and never loads these.
      external: ['@prisma/migrate', '@prisma/internals', '@prisma/driver-adapter-utils'],
      plugins: [ownDependencies(dir), sourceUrls],
      logLevel: 'warning',
    });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = Date.now();
  buildProcesses().then(
    () => {
      console.log(
        `built ${Object.values(PROCESSES).flat().length} process entries to apps/*/dist in ${Date.now() - started} ms`,
      );
    },
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
