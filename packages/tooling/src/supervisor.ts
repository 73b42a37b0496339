// Keeps the exchange's processes running under `npm start`: a child that dies is started again
// after a pause that doubles with each quick crash, and only repeated fast crashes give up.
import { spawn, type ChildProcess } from 'node:child_process';
import readline from 'node:readline';

export interface ChildSpec {
  name: string;
  /** ANSI colour of the log tag. */
  colour: number;
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
}

export interface SupervisorOptions {
  /** First pause before a restart; doubles after each crash that came soon after a start. */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** A run at least this long counts as healthy: the pause starts over. */
  healthyAfterMs?: number;
  /** Give up after this many crashes in a row, each within `healthyAfterMs` of its start. */
  maxFastCrashes?: number;
  /** Time a child gets to stop after SIGTERM before SIGKILL. */
  stopTimeoutMs?: number;
  log?: (line: string) => void;
  /** Called once when a child crashed too often: the caller stops everything. */
  onGiveUp?: (name: string) => void;
}

interface Supervised {
  spec: ChildSpec;
  child: ChildProcess | null;
  startedAt: number;
  fastCrashes: number;
  delayMs: number;
  restart: NodeJS.Timeout | null;
  /** Resolves when the current child exits (for an ordered stop). */
  exited: Promise<void>;
  restarts: number;
}

export class Supervisor {
  private readonly children = new Map<string, Supervised>();
  private stopping = false;
  private readonly o: Required<Omit<SupervisorOptions, 'onGiveUp'>> & {
    onGiveUp: ((name: string) => void) | undefined;
  };

  constructor(options: SupervisorOptions = {}) {
    this.o = {
      firstDelayMs: options.firstDelayMs ?? 1000,
      maxDelayMs: options.maxDelayMs ?? 30_000,
      healthyAfterMs: options.healthyAfterMs ?? 30_000,
      maxFastCrashes: options.maxFastCrashes ?? 5,
      stopTimeoutMs: options.stopTimeoutMs ?? 15_000,
      log: options.log ?? ((line) => console.error(line)),
      onGiveUp: options.onGiveUp,
    };
  }

  /** Starts a child and keeps it running. */
  start(spec: ChildSpec): void {
    const s: Supervised = {
      spec,
      child: null,
      startedAt: 0,
      fastCrashes: 0,
      delayMs: this.o.firstDelayMs,
      restart: null,
      exited: Promise.resolve(),
      restarts: 0,
    };
    this.children.set(spec.name, s);
    this.run(s);
  }

  /** The running child's process id, if it runs. */
  pid(name: string): number | undefined {
    return this.children.get(name)?.child?.pid;
  }

  /** How often each child has been started again. */
  restarts(name: string): number {
    return this.children.get(name)?.restarts ?? 0;
  }

  private run(s: Supervised): void {
    const { spec } = s;
    const tag = `\x1b[${spec.colour}m[${spec.name}]\x1b[0m`;
    // Its own process group: a terminal's Ctrl-C reaches this supervisor only, which then stops
    // the children in order (gateway, worker, engine) instead of all at once.
    const child = spawn(spec.command, spec.args, {
      cwd: spec.cwd,
      env: spec.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    s.child = child;
    s.startedAt = Date.now();
    for (const stream of [child.stdout, child.stderr]) {
      readline
        .createInterface({ input: stream })
        .on('line', (line) => this.o.log(`${tag} ${line}`));
    }
    s.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        s.child = null;
        resolve();
        if (this.stopping) return;
        const ranMs = Date.now() - s.startedAt;
        if (ranMs >= this.o.healthyAfterMs) {
          s.fastCrashes = 0;
          s.delayMs = this.o.firstDelayMs;
        }
        s.fastCrashes += 1;
        if (s.fastCrashes > this.o.maxFastCrashes) {
          this.o.log(
            `${tag} exited (${signal ?? code}) ${s.fastCrashes} times in a row within ${this.o.healthyAfterMs / 1000} s of starting; giving up`,
          );
          this.o.onGiveUp?.(spec.name);
          return;
        }
        this.o.log(
          `${tag} exited (${signal ?? code}) after ${(ranMs / 1000).toFixed(1)} s; starting it again in ${s.delayMs / 1000} s`,
        );
        s.restart = setTimeout(() => {
          s.restart = null;
          if (this.stopping) return;
          s.restarts += 1;
          this.run(s);
        }, s.delayMs);
        s.delayMs = Math.min(s.delayMs * 2, this.o.maxDelayMs);
      });
    });
  }

  /** Stops the children one after the other, in the order given (others last), each fully. */
  async stop(order: readonly string[] = []): Promise<void> {
    this.stopping = true;
    const names = [...order, ...[...this.children.keys()].filter((n) => !order.includes(n))];
    for (const name of names) {
      const s = this.children.get(name);
      if (!s) continue;
      if (s.restart) clearTimeout(s.restart);
      const child = s.child;
      if (!child) continue;
      const kill = setTimeout(() => {
        this.o.log(`[${name}] did not stop within ${this.o.stopTimeoutMs / 1000} s; killing it`);
        child.kill('SIGKILL');
      }, this.o.stopTimeoutMs);
      child.kill('SIGTERM');
      await s.exited;
      clearTimeout(kill);
    }
  }

  /** Kills every child at once, without waiting (the supervisor itself is exiting). */
  killAll(): void {
    // The whole process group: a child's own children (the gateway's cluster workers) too.
    for (const s of this.children.values()) {
      const pid = s.child?.pid;
      if (!pid) continue;
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        s.child?.kill('SIGKILL');
      }
    }
  }
}
