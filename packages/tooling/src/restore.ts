// `npm run restore -- <backup folder> [--replace] [--accept-new-secrets]`: rebuilds the stopped
// installation npm start runs (the same DATABASE_URL, REDIS_PREFIX, ENGINE_DATA_DIR and
// FILE_STORAGE_DIR) from a backup; then `npm start` runs it.
import path from 'node:path';
import { DamagedBackup, RestoreRefused, restoreBackup } from './backup/index.js';
import { installation } from './installation.js';
import { readLocalSecrets } from './secrets.js';
import { requireServices } from './services.js';
import { repoRoot } from './workspace.js';

const args = process.argv.slice(2);
const backup = args.find((a) => !a.startsWith('--'));
if (backup === undefined) {
  console.error('Usage: npm run restore -- <backup folder> [--replace] [--accept-new-secrets]');
  process.exit(2);
}
// Relative to where npm was run (INIT_CWD), not to this package's folder.
const folder = path.resolve(process.env.INIT_CWD ?? repoRoot, backup);
const home = installation();
const step = (line: string) => console.log(`\x1b[36m›\x1b[0m ${line}`);

await requireServices(home.databaseUrl, home.redisUrl);
try {
  step(`restoring ${folder} into ${home.databaseName}`);
  const r = await restoreBackup({
    backup: folder,
    databaseUrl: home.databaseUrl,
    redisUrl: home.redisUrl,
    redisPrefix: home.redisPrefix,
    engineDataDir: home.engineDataDir,
    fileStorageDir: home.fileStorageDir,
    secrets: readLocalSecrets(process.env).values,
    replace: args.includes('--replace'),
    acceptNewSecrets: args.includes('--accept-new-secrets'),
    log: step,
  });
  console.log(
    `\n  \x1b[1mRestored the backup of ${r.manifest.createdAt}\x1b[0m (database ${r.manifest.source.database}, ` +
      `settlement cursors ${JSON.stringify(r.manifest.database.cursors)})` +
      (r.previousDatabase
        ? `\n  the previous database is kept as ${r.previousDatabase} (drop it when satisfied)`
        : '') +
      (r.previousEngineDir
        ? `\n  the previous engine folder is kept as ${r.previousEngineDir}`
        : '') +
      `\n  Start it: npm start (with the same DATABASE_URL). Orders still PENDING at the backup's point` +
      `\n  are sent to the engine again by settlement; check with npm --prefix apps/gateway run ledger:audit.\n`,
  );
} catch (err) {
  const refused = err instanceof DamagedBackup || err instanceof RestoreRefused;
  console.error(
    `${refused ? 'Restore refused' : 'Restore failed'}: ${err instanceof Error ? err.message : String(err)}`,
  );
  process.exit(1);
}
