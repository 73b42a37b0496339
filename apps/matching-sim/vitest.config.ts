import { defineConfig } from 'vitest/config';

// The development VM is shared: property and recovery tests get room beyond the 5 s default.
export default defineConfig({ test: { testTimeout: 30_000 } });
