import path from 'node:path';

/** Where the run's exchanges keep their data, and where the screenshots go. */
export const DATABASE_URL =
  process.env.E2E_DATABASE_URL ?? 'postgresql://postgres@localhost:5432/exchange_e2e';
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://localhost:6379';
export const SHOTS_DIR =
  process.env.E2E_SHOTS_DIR ?? path.resolve(import.meta.dirname, 'screenshots');
