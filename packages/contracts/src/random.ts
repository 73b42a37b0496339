/**
 * A seedable random source (mulberry32): small and fast, and the same seed gives the same
 * draws, which Math.random cannot. One generator for every process, so that one MARKET_SEED
 * reproduces the engine's price feed and the gateway's market makers and chart history, and a
 * failing property test can be replayed from its seed. Not for secrets (crypto for those).
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal draw (Box-Muller) from a uniform source: two draws of it, in this order. */
export function gaussian(uniform: () => number): number {
  const u = 1 - uniform();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * uniform());
}
