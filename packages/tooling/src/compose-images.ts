// `npm run compose:images`: the base images docker-compose.yml needs, for a machine where Docker
// Hub is out of reach. It installs Docker's Debian packages if missing, starts dockerd if none
// runs (and leaves it running: the images are for your own `docker compose up`), builds the
// local stand-ins that are missing (docker/standins; the same ones `npm run test:compose`
// builds) and prints the settings that name them.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureDaemon, ensurePackages } from './compose/docker.js';
import { baseImages } from './compose/standins.js';

const log = (s: string) => console.log(s);

async function main(): Promise<void> {
  ensurePackages(log);
  await ensureDaemon(mkdtempSync(path.join(tmpdir(), 'exchange-compose-')), log, {
    leaveRunning: true,
  });
  const { images } = baseImages(log, process.env.DEBIAN_MIRROR ?? 'http://deb.debian.org/debian');
  console.log(
    '\nThe compose file takes these (export them, or put them in a .env file beside it):',
  );
  for (const [name, ref] of Object.entries(images)) console.log(`${name}=${ref}`);
  console.log('\nthen: docker compose up --build   (or docker-compose up --build)');
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
