import { defineConfig } from 'vitest/config';

// The runner's tests are pure (statistics, parsing): all of them are `npm run test:unit`.
export default defineConfig({ test: { name: 'unit', include: ['test/**/*.test.ts'] } });
