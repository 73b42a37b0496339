// The web phase: what a new visitor's browser downloads and how soon it paints. Builds the client
// as users get it (production, precompressed) into a folder of its own, and loads pages of the
// exchange the runner started in Debian's Chromium, each load in a fresh profile (cold cache).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { log, repoRoot } from './exchange.js';
import { CHROMIUM, CHROMIUM_ARGS } from '@exchange/tooling/chromium';
import { percentile } from './stats.js';
import { kb } from './table.js';

/** One resource of a page load, from the Resource Timing entries. */
export interface ResourceEntry {
  name: string;
  transferSize: number;
  encodedBodySize: number;
  decodedBodySize: number;
}

export interface ScriptBytes {
  files: number;
  /** Bodies as they crossed the wire (compressed when the server compressed them). */
  encoded: number;
  decoded: number;
  /** The same scripts' gzip files: what a browser gets over plain HTTP beyond localhost. */
  gzip: number;
}

const isScript = (url: string) => /\.m?js$/.test(new URL(url).pathname);

/**
 * Scripts of a page load (.js/.mjs files), by the bytes they took; `distDir` (the built client)
 * gives the size of each one's .gz sibling, or of the file itself when it has none.
 */
export function scriptBytes(entries: readonly ResourceEntry[], distDir?: string): ScriptBytes {
  const out: ScriptBytes = { files: 0, encoded: 0, decoded: 0, gzip: 0 };
  for (const e of entries) {
    if (!isScript(e.name)) continue;
    out.files += 1;
    out.encoded += e.encodedBodySize;
    out.decoded += e.decodedBodySize;
    if (distDir) {
      const file = path.join(distDir, new URL(e.name).pathname);
      out.gzip += existsSync(`${file}.gz`)
        ? statSync(`${file}.gz`).size
        : existsSync(file)
          ? statSync(file).size
          : 0;
    }
  }
  return out;
}

export function median(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

export interface PageSample {
  lcpMs: number;
  /** The element the LCP entry named (tag and first class), to see what was painted. */
  lcpElement: string;
  scripts: ScriptBytes;
  requests: number;
  apiRequests: number;
  /** content-encoding of each script response: br, gzip or identity. */
  encodings: Record<string, number>;
}

export interface PageResult {
  path: string;
  runs: number;
  lcpMs: number;
  scripts: ScriptBytes;
  requests: number;
  apiRequests: number;
  encodings: Record<string, number>;
}

export interface WebPhaseResult {
  landing: PageResult;
  trade: PageResult;
}

/**
 * Builds the client as `npm start` does (NODE_ENV=production, precompressed) into a temporary
 * folder, so the run neither uses nor disturbs apps/web/dist.
 */
export async function buildWebClient(): Promise<string> {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
  const webDir = path.join(repoRoot, 'apps', 'web');
  const vite = path.join(webDir, 'node_modules', 'vite', 'bin', 'vite.js');
  log('building the web client (production)');
  const built = new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
      {
        cwd: webDir,
        env: { ...process.env, NODE_ENV: 'production' },
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build exited ${code}`)),
    );
  });
  try {
    await built;
  } catch (err) {
    rmSync(outDir, { recursive: true, force: true });
    throw err;
  }
  return outDir;
}

// Evaluated in the page as source text: a function would be serialised with whatever helpers
// the TypeScript loader inserted, which do not exist in the page.
const COUNT_RESOURCES = `performance.getEntriesByType('resource').length`;
const READ_METRICS = `new Promise((resolve) => {
  let lcp = null;
  let element = '';
  const seen = (e) => {
    lcp = e.startTime;
    const el = e.element;
    element = el ? el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ')[0] : '') : '';
  };
  const observer = new PerformanceObserver((list) => list.getEntries().forEach(seen));
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
  observer.takeRecords().forEach(seen);
  setTimeout(() => {
    observer.disconnect();
    const resources = performance.getEntriesByType('resource').map((e) => ({
      name: e.name,
      transferSize: e.transferSize,
      encodedBodySize: e.encodedBodySize,
      decodedBodySize: e.decodedBodySize,
    }));
    resolve({ lcp, element, resources });
  }, 200);
})`;

/** Waits until the page has requested nothing new for a second (lazy chunks, first API calls). */
async function settle(page: Page, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = -1;
  let stableSince = Date.now();
  while (Date.now() < deadline) {
    const n = await page.evaluate<number>(COUNT_RESOURCES);
    if (n !== last) {
      last = n;
      stableSince = Date.now();
    } else if (Date.now() - stableSince >= 1000) {
      return;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** One cold load: a new Chromium with a fresh profile, so nothing is cached. */
async function loadOnce(url: string, distDir?: string): Promise<PageSample> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'bench-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1366, height: 768 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const encodings: Record<string, number> = {};
    let requests = 0;
    let apiRequests = 0;
    page.on('request', (req) => {
      requests += 1;
      if (new URL(req.url()).pathname.startsWith('/v1/')) apiRequests += 1;
    });
    page.on('response', (res) => {
      if (!isScript(res.url())) return;
      const encoding = res.headers()['content-encoding'] ?? 'identity';
      encodings[encoding] = (encodings[encoding] ?? 0) + 1;
    });
    const nav = await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
    if (!nav?.ok()) throw new Error(`${url} answered ${nav?.status() ?? 'nothing'}`);
    await settle(page);
    const m = await page.evaluate<{
      lcp: number | null;
      element: string;
      resources: ResourceEntry[];
    }>(READ_METRICS);
    return {
      lcpMs: m.lcp ?? Number.NaN,
      lcpElement: m.element,
      scripts: scriptBytes(m.resources, distDir),
      requests,
      apiRequests,
      encodings,
    };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

async function measurePage(
  o: { baseUrl: string; distDir: string; runs: number },
  pagePath: string,
): Promise<PageResult> {
  const samples: PageSample[] = [];
  for (let i = 0; i < o.runs; i++) {
    samples.push(await loadOnce(`${o.baseUrl}${pagePath}`, o.distDir));
  }
  const encodings: Record<string, number> = {};
  for (const s of samples) {
    for (const [k, v] of Object.entries(s.encodings)) encodings[k] = (encodings[k] ?? 0) + v;
  }
  const result: PageResult = {
    path: pagePath,
    runs: o.runs,
    lcpMs: median(samples.map((s) => s.lcpMs)),
    scripts: {
      files: median(samples.map((s) => s.scripts.files)),
      encoded: median(samples.map((s) => s.scripts.encoded)),
      decoded: median(samples.map((s) => s.scripts.decoded)),
      gzip: median(samples.map((s) => s.scripts.gzip)),
    },
    requests: median(samples.map((s) => s.requests)),
    apiRequests: median(samples.map((s) => s.apiRequests)),
    encodings,
  };
  const lcps = samples.map(
    (s) => `${s.lcpMs.toFixed(0)}${s.lcpElement ? ` (${s.lcpElement})` : ''}`,
  );
  log(
    `${pagePath}: LCP ${lcps.join(', ')} ms; JS ${kb(result.scripts.encoded)} in ${result.scripts.files} files`,
  );
  return result;
}

/** Cold loads of the landing page and the trade screen, `runs` of each; medians. */
export async function runWebPhase(o: {
  baseUrl: string;
  distDir: string;
  runs: number;
}): Promise<WebPhaseResult> {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `Chromium is missing at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`,
    );
  log(`web: ${o.runs} cold loads each of / and /trade/spot/BTC_USDT in Chromium`);
  // One load first, not counted: the gateway's first answers pay for its own warm-up.
  await loadOnce(`${o.baseUrl}/`);
  const landing = await measurePage(o, '/');
  const trade = await measurePage(o, '/trade/spot/BTC_USDT');
  return { landing, trade };
}
