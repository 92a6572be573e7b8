/**
 * Randomness is injected where a result must repeat (the route solver: one seed, one tour; the
 * benchmarks: the same data on every run and machine): a function returning numbers in [0, 1), like
 * Math.random. `seededRandom` is mulberry32: tiny, fast and good enough to pick kicks and test
 * data; not for anything secret.
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

/** One item of a non-empty list. */
export function pick<T>(random: RandomSource, list: readonly T[]): T {
  return list[randomInt(random, list.length)]!;
}
