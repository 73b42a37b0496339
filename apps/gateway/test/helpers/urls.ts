const base = process.env.TEST_DATABASE_BASE_URL ?? 'postgresql://postgres@localhost:5432';
export const TEMPLATE_URL = `${base}/exchange_test_template`;
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export function databaseUrl(name: string): string {
  return `${base}/${name}`;
}
