// Brotli and gzip siblings of the built client's text files, written once at build time so the
// gateway sends them as they are (@fastify/static `preCompressed`) instead of compressing per
// request or not at all.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Logger, Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text formats worth compressing; images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map|wasm)$/i;

export interface PrecompressResult {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile() && COMPRESSIBLE.test(entry.name)) yield full;
  }
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file under `dir`, each only when
 * it is smaller than the file (the gateway then sends the file itself). Maximum levels: this
 * runs once per build, and every visitor downloads the result.
 */
export async function precompressDir(dir: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const jobs: Promise<void>[] = [];
  for await (const file of walk(dir)) {
    jobs.push(
      (async () => {
        const data = await readFile(file);
        const [br, gzipped] = await Promise.all([
          brotli(data, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
          gz(data, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        result.files += 1;
        result.bytes += data.length;
        result.brotliBytes += Math.min(br.length, data.length);
        result.gzipBytes += Math.min(gzipped.length, data.length);
        if (br.length < data.length) await writeFile(`${file}.br`, br);
        if (gzipped.length < data.length) await writeFile(`${file}.gz`, gzipped);
      })(),
    );
  }
  await Promise.all(jobs);
  return result;
}

const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;

/** The Vite plugin: precompresses the output folder once the build has written it. */
export function precompress(): Plugin {
  let outDir = '';
  let logger: Logger | undefined;
  return {
    name: 'exchange:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      logger = config.logger;
      // A NODE_ENV=development in the shell makes `vite build` a development build (React's
      // development runtime, StrictMode's double effects, 2-3 times the bytes): say so loudly.
      if (!config.isProduction) {
        config.logger.warn(
          `\nNODE_ENV=${process.env.NODE_ENV ?? ''}: this is a DEVELOPMENT build of the client; build with NODE_ENV=production to serve it.\n`,
        );
      }
    },
    // After a successful write only (closeBundle also runs when the build failed). The files
    // of public/ are already in place: Vite copies them before writing the bundle.
    async writeBundle(options) {
      const dir = options.dir ?? outDir;
      if (!dir || !(await stat(dir).catch(() => null))) return;
      const r = await precompressDir(dir);
      logger?.info(
        `precompressed ${r.files} files: ${kb(r.bytes)} -> brotli ${kb(r.brotliBytes)}, gzip ${kb(r.gzipBytes)}`,
      );
    },
  };
}
