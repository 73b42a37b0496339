import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './precompress.js';

/** The gateway: it serves the built client and the API on one origin. */
const GATEWAY = 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    strictPort: true,
    // `pnpm dev` beside a running gateway: REST and the socket (/v1/websocket/...) go through.
    proxy: { '/v1': { target: GATEWAY, ws: true } },
  },
  preview: { port: 4173, proxy: { '/v1': { target: GATEWAY, ws: true } } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached (the gateway
        // serves /assets as immutable) across releases of the client.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
              priority: 20,
            },
            // qrcode loads only when the download menu opens and lightweight-charts with the
            // trading chart: both stay out of the initial vendor chunk.
            {
              name: 'vendor',
              test: /^(?!.*[\\/]node_modules[\\/](qrcode|dijkstrajs|lightweight-charts|fancy-canvas)[\\/]).*[\\/]node_modules[\\/]/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        // Pure files share their worker's modules (no isolation): most of their time is imports.
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/**/*.test.ts', '*.test.ts', 'e2e/*.test.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: ['src/**/*.test.tsx'],
          setupFiles: ['./src/test/setup-dom.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
