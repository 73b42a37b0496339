/**
 * The one source of time. Logical time may run faster than real time (`scale`), so the spec's
 * 24-hour freezes and 12-hour windows can be exercised in seconds; delays handed to timers and
 * BullMQ are converted back to real milliseconds with `realDelay`.
 */
export interface Clock {
  now(): number;
  date(): Date;
  readonly scale: number;
  /** Real milliseconds to wait for `logicalMs` of logical time to pass. */
  realDelay(logicalMs: number): number;
}

export class ScaledClock implements Clock {
  private readonly realStart: number;
  private readonly logicalStart: number;

  constructor(
    readonly scale = 1,
    private readonly realNow: () => number = Date.now,
    logicalStart?: number,
  ) {
    if (!(scale > 0)) throw new Error('Clock scale must be positive');
    this.realStart = realNow();
    this.logicalStart = logicalStart ?? this.realStart;
  }

  now(): number {
    return this.logicalStart + Math.floor((this.realNow() - this.realStart) * this.scale);
  }

  date(): Date {
    return new Date(this.now());
  }

  realDelay(logicalMs: number): number {
    return Math.max(0, Math.ceil(logicalMs / this.scale));
  }
}

/** A clock that moves only when told: for tests. */
export class ManualClock implements Clock {
  readonly scale = 1;
  constructor(private current: number = Date.UTC(2026, 0, 5, 1, 0, 0)) {}

  now(): number {
    return this.current;
  }

  date(): Date {
    return new Date(this.current);
  }

  realDelay(logicalMs: number): number {
    return Math.max(0, logicalMs);
  }

  set(ms: number | Date): void {
    this.current = typeof ms === 'number' ? ms : ms.getTime();
  }

  advance(ms: number): void {
    this.current += ms;
  }
}
