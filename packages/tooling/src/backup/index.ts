export { createBackup, type BackupOptions } from './backup.js';
export {
  restoreBackup,
  RestoreRefused,
  type RestoreOptions,
  type RestoreResult,
} from './restore.js';
export {
  DamagedBackup,
  verifyBackup,
  secretFingerprints,
  type DatabaseSummary,
  type Manifest,
} from './manifest.js';
