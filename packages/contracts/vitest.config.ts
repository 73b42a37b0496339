import { defineConfig } from 'vitest/config';

// Every test here is pure (no Postgres, Redis or server): all of them are `npm run test:unit`.
export default defineConfig({ test: { name: 'unit', include: ['test/**/*.test.ts'] } });
