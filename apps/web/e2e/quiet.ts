import { existsSync, rmSync, writeFileSync } from 'node:fs';

/**
 * Runs `measure` while npm test's background jobs (lint, typecheck, the unit and component tests)
 * are stopped: a scenario that measures wall time, such as frame times, then sees the machine as
 * if alone. npm test names the request file (QUIET_WINDOW_FILE, served by `serveQuietWindows` in
 * packages/tooling) and acknowledges it once they are stopped; run alone, `measure` just runs.
 */
export async function quietly<T>(measure: () => Promise<T>): Promise<T> {
  const file = process.env.QUIET_WINDOW_FILE;
  if (!file) return measure();
  writeFileSync(file, String(process.pid));
  try {
    const deadline = Date.now() + 3_000;
    while (!existsSync(`${file}.ack`) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 25));
    return await measure();
  } finally {
    rmSync(file, { force: true });
  }
}
