import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';

const base = process.env.TEST_DATABASE_BASE_URL ?? 'postgresql://postgres@localhost:5432';
// One template per checkout: two clones testing at once on one server do not drop each other's.
const checkout = createHash('sha256')
  .update(fileURLToPath(new URL('../..', import.meta.url)))
  .digest('hex')
  .slice(0, 8);
export const TEMPLATE_URL = `${base}/exchange_test_template_${checkout}`;
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export function databaseUrl(name: string): string {
  return `${base}/${name}`;
}
