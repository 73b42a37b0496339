// `npm run backup [-- --out <folder>]`: backs up the installation npm start runs (the same
// DATABASE_URL, REDIS_PREFIX, ENGINE_DATA_DIR and FILE_STORAGE_DIR), while it runs. Without
// --out, into backups/<database>-<UTC time> (BACKUP_DIR names another parent folder).
import path from 'node:path';
import { createBackup } from './backup/index.js';
import { installation } from './installation.js';
import { readLocalSecrets } from './secrets.js';
import { requireServices } from './services.js';
import { repoRoot } from './workspace.js';

const home = installation();
const at = process.argv.indexOf('--out');
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, 'Z');
// Relative to where npm was run (INIT_CWD), not to this package's folder.
const out = path.resolve(
  process.env.INIT_CWD ?? repoRoot,
  at >= 0
    ? (process.argv[at + 1] ?? '')
    : path.join(
        process.env.BACKUP_DIR ?? path.join(repoRoot, 'backups'),
        `${home.databaseName}-${stamp}`,
      ),
);
const secrets = readLocalSecrets(process.env);
const step = (line: string) => console.log(`\x1b[36m›\x1b[0m ${line}`);

await requireServices(home.databaseUrl, home.redisUrl);
try {
  step(`backing up ${home.databaseName} into ${out}`);
  const manifest = await createBackup({
    databaseUrl: home.databaseUrl,
    engineDataDir: home.engineDataDir,
    fileStorageDir: home.fileStorageDir,
    secrets: secrets.values,
    secretsFile: secrets.file,
    out,
    log: step,
  });
  const shards = Object.entries(manifest.engine.shards);
  console.log(
    `\n  \x1b[1mBackup written to ${out}\x1b[0m` +
      `\n  database at settlement cursors ${JSON.stringify(manifest.database.cursors)}, ` +
      `${manifest.database.migrations.length} migrations, ${manifest.files.count} uploaded files, ` +
      `${shards.length} engine shard${shards.length === 1 ? '' : 's'}` +
      (shards.some(([, s]) => s.problem)
        ? ` (\x1b[33mshard ${shards
            .filter(([, s]) => s.problem)
            .map(([id]) => id)
            .join(', ')} will be rebuilt from the database on restore\x1b[0m)`
        : '') +
      `\n\n  \x1b[33mThe secrets file is NOT in the backup.\x1b[0m Keep a copy of ${path.relative(repoRoot, secrets.file)} apart from it` +
      `\n  (another place, another medium): the uploaded files, Authenticator links and sessions` +
      `\n  cannot be read without it, and whoever holds both can read everything.` +
      (secrets.exists
        ? ''
        : `\n  (There is no ${path.relative(repoRoot, secrets.file)} here: the secrets come from the environment; keep them the same way.)`) +
      `\n  Restore (stopped or new installation): npm run restore -- ${out}\n`,
  );
} catch (err) {
  console.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
