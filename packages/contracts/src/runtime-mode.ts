import { z } from 'zod';

/** Real, Demo and Trial ("Trade for Reward") each have their own balances, books and history. */
export const RuntimeMode = { REAL: 0, DEMO: 1, TRIAL: 2 } as const;
export type RuntimeMode = (typeof RuntimeMode)[keyof typeof RuntimeMode];

export const runtimeMode = z.union([z.literal(0), z.literal(1), z.literal(2)]);

export const RUNTIME_MODE_LABELS: Record<RuntimeMode, { word: string; headerLabel: string }> = {
  0: { word: 'Real', headerLabel: 'Real' },
  1: { word: 'Demo', headerLabel: 'Demo Trading' },
  2: { word: 'Trial', headerLabel: 'Trade for Reward' },
};

/**
 * The mode as a socket argument (`login`, `settings`): 0, 1 or 2, as a number or its digit. Like
 * the REST header, anything else (7, -1, "abc", null) is refused rather than read as Real.
 */
export const runtimeModeArg = z
  .union([runtimeMode, z.enum(['0', '1', '2']).transform((v) => runtimeMode.parse(Number(v)))])
  .describe('0 Real, 1 Demo, 2 Trial');

/** An unknown or missing mode falls back to Real (stored settings, never a request). */
export function parseRuntimeMode(value: unknown): RuntimeMode {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return n === 1 || n === 2 ? n : RuntimeMode.REAL;
}

/** Tag an asset or symbol must carry to be offered in a mode (spec platform-shell section 5). */
export function modeTag(mode: RuntimeMode): 'real' | 'simulated' {
  return mode === RuntimeMode.REAL ? 'real' : 'simulated';
}
