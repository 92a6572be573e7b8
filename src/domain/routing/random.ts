/**
 * The solver's randomness is injected so that one seed always gives one tour: a function returning
 * numbers in [0, 1), like Math.random. `seededRandom` is the default source (mulberry32: tiny, fast
 * and good enough to pick kicks; not for anything secret).
 */
export type RandomSource = () => number;

export function seededRandom(seed: number): RandomSource {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [0, bound). */
export function randomInt(random: RandomSource, bound: number): number {
  return Math.min(bound - 1, Math.floor(random() * bound));
}
