import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runLanes, serveQuietWindows } from '../src/parallel.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'quiet-window-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(what: string, check: () => boolean, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

describe('quiet windows for measurements of wall time', () => {
  it(
    'stops the background jobs while the request file exists, and lets them go on after',
    { timeout: 180_000 },
    async () => {
      const counter = path.join(dir, 'count');
      const request = path.join(dir, 'quiet');
      const read = () => (existsSync(counter) ? Number(readFileSync(counter, 'utf8')) : 0);
      // A background job that counts every 20 ms up to 200.
      const script = `const fs = require('fs'); let n = 0; const t = setInterval(() => { fs.writeFileSync(${JSON.stringify(counter)}, String(++n)); if (n >= 200) clearInterval(t); }, 20);`;
      const stop = serveQuietWindows(request);
      try {
        const lanes = runLanes([
          { jobs: [{ name: 'counter', pnpm: ['exec', 'node', '-e', script], background: 10 }] },
        ]);
        await until('the job to count', () => read() > 5);

        writeFileSync(request, 'measuring');
        await until('the acknowledgement', () => existsSync(`${request}.ack`));
        await sleep(60);
        const stopped = read();
        await sleep(400);
        expect(read()).toBe(stopped);

        rmSync(request);
        await until('the window to close', () => !existsSync(`${request}.ack`));
        await until('the job to count again', () => read() > stopped);
        const [result] = await lanes;
        expect(result?.status).toBe(0);
        expect(read()).toBe(200);
      } finally {
        stop();
      }
    },
  );
});
