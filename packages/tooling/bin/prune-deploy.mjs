// For the docker image: trims what `pnpm deploy --prod` installed for an app to what its built
// processes can reach. The Prisma CLI is an optional peer of @prisma/client, resolved because the
// workspace has it (migrations); it generates the client and is not needed to run it, and with
// it go Prisma Studio, TypeScript and their dependencies (about half of the folder). Then every
// package of node_modules/.pnpm that no dependency of the app reaches is removed.
// Usage: node prune-deploy.mjs <deployed app folder>...
import { existsSync, readdirSync, realpathSync, rmSync } from 'node:fs';
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
    if (/^prisma@/.test(d)) rmSync(path.join(store, d), { recursive: true, force: true });
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
}
