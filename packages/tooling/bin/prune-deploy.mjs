// For the docker image: trims what `pnpm deploy --prod` installed for an app to what its built
// processes can reach. The Prisma CLI is an optional peer of @prisma/client, resolved because the
// workspace has it (migrations); it generates the client and is not needed to run it, and with
// it go Prisma Studio, TypeScript and their dependencies (about half of the folder). Then every
// package of node_modules/.pnpm that no dependency of the app reaches is removed. Last, what no
// process reads at run time goes: Prisma's query compilers for the other databases (the client
// is generated for PostgreSQL) and its edge runtime, TypeScript (an optional peer of
// @prisma/client), type declarations, source maps and documents of the dependencies.
// Usage: node prune-deploy.mjs <deployed app folder>...
import { existsSync, lstatSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import path from 'node:path';

function children(dir) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const n of readdirSync(dir)) {
    if (n === '.pnpm' || n === '.bin') continue;
    if (n.startsWith('@'))
      for (const m of readdirSync(path.join(dir, n))) out.push(path.join(dir, n, m));
    else out.push(path.join(dir, n));
  }
  return out;
}

for (const app of process.argv.slice(2)) {
  const root = path.resolve(app, 'node_modules');
  const store = path.join(root, '.pnpm');
  for (const d of readdirSync(store))
    if (/^(prisma|typescript)@/.test(d) || /^@types\+/.test(d))
      rmSync(path.join(store, d), { recursive: true, force: true });
  const reached = new Set();
  const visit = (link) => {
    let real;
    try {
      real = realpathSync(link);
    } catch {
      return; // a link into what was removed
    }
    const rel = path.relative(store, real);
    if (rel.startsWith('..')) return;
    const top = rel.split(path.sep)[0];
    if (reached.has(top)) return;
    reached.add(top);
    // A package's dependencies are its siblings in <store>/<entry>/node_modules.
    for (const dep of children(path.join(store, top, 'node_modules'))) visit(dep);
  };
  for (const e of children(root)) visit(e);
  let removed = 0;
  for (const d of readdirSync(store))
    if (!reached.has(d) && d !== 'node_modules' && !d.startsWith('lock')) {
      rmSync(path.join(store, d), { recursive: true, force: true });
      removed += 1;
    }
  console.log(`${app}: removed ${removed} packages its processes do not reach`);
  const files = dropUnread(store);
  console.log(
    `${app}: and ${files.count} files (${(files.bytes / 1e6).toFixed(1)} MB) no process reads`,
  );
}

/** Files of the installed packages that nothing loads when the processes run. */
function unread(name, dir) {
  if (/\.(map|d\.ts|d\.mts|d\.cts|md|markdown)$/i.test(name) && !/^licen[cs]e/i.test(name))
    return true;
  // Prisma's runtime: the generated client loads the PostgreSQL query compiler only.
  if (dir.endsWith(`${path.sep}@prisma${path.sep}client${path.sep}runtime`))
    return /\.(sqlserver|cockroachdb|mysql|sqlite)\.|^wasm-compiler-edge|^edge/.test(name);
  return false;
}

function dropUnread(dir, acc = { count: 0, bytes: 0 }) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isSymbolicLink()) continue;
    if (e.isDirectory()) dropUnread(p, acc);
    else if (unread(e.name, dir)) {
      acc.bytes += lstatSync(p).size;
      acc.count += 1;
      rmSync(p);
    }
  }
  return acc;
}
