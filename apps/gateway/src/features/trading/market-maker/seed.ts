import type { Env } from '../../../config/env.js';

let drawn: number | undefined;

/**
 * The seed of the simulated market (market makers, taker flow, chart history): MARKET_SEED, or
 * one drawn once per process when it is unset.
 */
export function marketSeed(env: Pick<Env, 'MARKET_SEED'>): number {
  return env.MARKET_SEED ?? (drawn ??= Math.floor(Math.random() * 2 ** 32));
}
