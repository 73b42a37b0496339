// node profile-top.mjs <file.cpuprofile> [top=20] [startRegex]
// Self time by function and by file or package, and each sample's time attributed to its nearest
// frame in the apps' own source (which app code the library time serves), from the first sample
// under a frame matching startRegex (e.g. '^placeOrder ' to skip start-up).
import { readFileSync } from 'node:fs';
const [, , file, topArg, startRe] = process.argv;
const top = Number(topArg ?? 20);
const p = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const short = (u) =>
  u
    .replace(/^file:\/\//, '')
    .replace(/.*node_modules\/\.pnpm\/([^/]+)\/node_modules\//, 'nm:')
    .replace(/^.*?\/(apps|packages)\//, '$1/');
const label = (cf) =>
  `${cf.functionName || '(anon)'} ${short(cf.url || '(native)')}:${cf.lineNumber + 1}`;
const re = startRe ? new RegExp(startRe) : null;
const underRe = (id) => {
  for (let x = id; x !== undefined; x = parent.get(x))
    if (re.test(label(byId.get(x).callFrame))) return true;
  return false;
};
const appFrame = (id) => {
  for (let x = id; x !== undefined; x = parent.get(x)) {
    const cf = byId.get(x).callFrame;
    if (/\/(apps|packages)\//.test(cf.url) && !cf.url.includes('node_modules')) return label(cf);
  }
  return '(no app frame)';
};
const fn = new Map(),
  fl = new Map(),
  app = new Map();
let total = 0,
  idle = 0,
  started = !re;
const add = (m, k, d) => m.set(k, (m.get(k) ?? 0) + d);
for (let i = 0; i < p.samples.length; i++) {
  const id = p.samples[i];
  const d = p.timeDeltas[i] ?? 0;
  if (!started) {
    if (underRe(id)) started = true;
    else continue;
  }
  const cf = byId.get(id).callFrame;
  total += d;
  if (cf.functionName === '(idle)') {
    idle += d;
    continue;
  }
  add(fn, label(cf), d);
  add(
    fl,
    cf.url ? short(cf.url).replace(/^(nm:[^/@]+|nm:@[^/]+\/[^/]+).*$/, '$1') : cf.functionName,
    d,
  );
  add(app, appFrame(id), d);
}
const busy = total - idle;
const pr = (m, title) => {
  console.log(`-- ${title}`);
  for (const [k, t] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(
      `${(t / 1000).toFixed(0).padStart(7)} ms ${((100 * t) / busy).toFixed(1).padStart(5)}%  ${k}`,
    );
};
console.log(
  `${file}: ${(total / 1e6).toFixed(1)} s from the start mark, ${(busy / 1e6).toFixed(1)} s busy (percentages of busy)`,
);
pr(fn, 'self by function');
pr(fl, 'self by file/package');
pr(app, 'attributed to the nearest app frame');
