import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Supervisor, type ChildSpec } from '../src/supervisor.js';

const node = (name: string, script: string): ChildSpec => ({
  name,
  colour: 0,
  command: process.execPath,
  args: ['-e', script],
  cwd: process.cwd(),
  env: process.env,
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the supervisor of npm start', () => {
  it('starts a crashed child again, with a log line, and gives up after repeated fast crashes', async () => {
    const lines: string[] = [];
    let gaveUp = '';
    const s = new Supervisor({
      firstDelayMs: 20,
      healthyAfterMs: 10_000,
      maxFastCrashes: 3,
      log: (line) => lines.push(line),
      onGiveUp: (name) => (gaveUp = name),
    });
    s.start(node('engine', 'process.exit(3)'));
    for (let i = 0; i < 200 && !gaveUp; i++) await sleep(20);
    expect(gaveUp).toBe('engine');
    expect(s.restarts('engine')).toBe(3);
    expect(lines.filter((l) => l.includes('starting it again'))).toHaveLength(3);
    // The pause doubles: 0.02 s, 0.04 s, 0.08 s.
    expect(lines.join('\n')).toMatch(/again in 0.02 s[\s\S]*again in 0.04 s[\s\S]*again in 0.08 s/);
    expect(lines.at(-1)).toMatch(/exited \(3\) 4 times in a row .*giving up/);
    await s.stop();
  });

  it('stops children one after the other in the order asked, each fully', async () => {
    const order: string[] = [];
    // Each takes a moment to stop, as the gateway and settlement do when they drain.
    const slow = (name: string) =>
      node(
        name,
        `process.on('SIGTERM', () => setTimeout(() => { console.log('${name} stopped'); process.exit(0); }, 100)); setInterval(() => {}, 1000); console.log('up');`,
      );
    const seen = new Supervisor({
      log: (line) => {
        const m = / (\w+) stopped$/.exec(line);
        if (m?.[1]) order.push(m[1]);
      },
    });
    for (const name of ['engine', 'worker', 'gateway']) seen.start(slow(name));
    await sleep(800);
    await seen.stop(['gateway', 'worker', 'engine']);
    expect(order).toEqual(['gateway', 'worker', 'engine']);
    expect(seen.restarts('gateway')).toBe(0);
  });

  it("kills a child's own children too (the gateway's cluster workers) when it kills all", async () => {
    let grandchild = 0;
    const s = new Supervisor({
      log: (line) => {
        const m = /grandchild (\d+)/.exec(line);
        if (m?.[1]) grandchild = Number(m[1]);
      },
    });
    s.start(
      node(
        'gateway',
        `const c = require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }); console.log('grandchild ' + c.pid); setInterval(() => {}, 1000);`,
      ),
    );
    for (let i = 0; i < 100 && !grandchild; i++) await sleep(50);
    expect(grandchild).toBeGreaterThan(0);
    // Killed means gone or a zombie: a killed grandchild waits for whichever process adopted it
    // to reap it (PID 1 of a container may never do so), and signal 0 still reaches a zombie.
    const alive = (pid: number) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
      } catch {
        return false;
      }
    };
    expect(alive(grandchild)).toBe(true);
    s.killAll();
    for (let i = 0; i < 100 && alive(grandchild); i++) await sleep(50);
    expect(alive(grandchild)).toBe(false);
    await s.stop();
  });
});
