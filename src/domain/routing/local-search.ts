import type { DistanceMatrix } from './matrix';
import { randomInt, type RandomSource } from '../random';

/** A move must gain more than this to count, so float noise never loops the search. */
const EPSILON = 1e-9;
/** Candidate neighbours per point: the K nearest are where nearly every improving move lies. */
const NEIGHBOURS = 10;
/** Or-opt moves segments of 1 to 3 consecutive points. */
const OR_OPT_MAX_SEGMENT = 3;
/** The kick swaps two neighbouring stretches of the tour, each at most this long. */
const KICK_MAX_SEGMENT = 30;

export interface SearchLimits {
  /** Stop at the first check of the clock at or after this instant. */
  deadline: number;
  now: () => number;
  random: RandomSource;
  /** Stop after this many kicks even with time left (reproduces a run exactly). */
  maxIterations?: number;
}

/**
 * A tour as an array of points and the position of each point, so that both neighbours of a point
 * are found in O(1) and a 2-opt move reverses the shorter side of the cycle in O(n/2). Every move is
 * written as 2-opt exchanges of edges, which are the same whichever way the array runs.
 */
class ArrayTour {
  readonly order: Int32Array;
  readonly position: Int32Array;

  constructor(
    readonly n: number,
    readonly d: Float64Array,
    start: ArrayLike<number>,
  ) {
    this.order = Int32Array.from(start);
    this.position = new Int32Array(n);
    for (let i = 0; i < n; i++) this.position[this.order[i]!] = i;
  }

  next(city: number): number {
    const p = this.position[city]! + 1;
    return this.order[p === this.n ? 0 : p]!;
  }

  previous(city: number): number {
    const p = this.position[city]!;
    return this.order[p === 0 ? this.n - 1 : p - 1]!;
  }

  cost(a: number, b: number): number {
    return this.d[a * this.n + b]!;
  }

  /** Reverses the path from `from` forward to `to`, or the rest of the cycle when that is shorter (same cycle). */
  private reversePath(from: number, to: number): void {
    const n = this.n;
    let i = this.position[from]!;
    let j = this.position[to]!;
    let length = j - i;
    if (length < 0) length += n;
    length += 1;
    if (length * 2 > n) {
      const k = i;
      i = j + 1 === n ? 0 : j + 1;
      j = k === 0 ? n - 1 : k - 1;
      length = n - length;
    }
    for (let s = length >> 1; s > 0; s--) {
      const a = this.order[i]!;
      const b = this.order[j]!;
      this.order[i] = b;
      this.position[b] = i;
      this.order[j] = a;
      this.position[a] = j;
      i = i + 1 === n ? 0 : i + 1;
      j = j === 0 ? n - 1 : j - 1;
    }
  }

  /** Replaces edges (x1, x2) and (y1, y2), which run the same way round the cycle, with (x1, y1) and (x2, y2). */
  exchange(x1: number, x2: number, y1: number, y2: number): void {
    if (this.next(x1) === x2) this.reversePath(x2, y1);
    else this.reversePath(x1, y2);
  }

  /** Swaps the `first` points after position `at` with the `second` points after them: the kick. */
  swapStretches(at: number, first: number, second: number): void {
    const n = this.n;
    const moved = new Int32Array(first + second);
    for (let k = 0; k < second; k++) moved[k] = this.order[(at + 1 + first + k) % n]!;
    for (let k = 0; k < first; k++) moved[second + k] = this.order[(at + 1 + k) % n]!;
    for (let k = 0; k < moved.length; k++) {
      const p = (at + 1 + k) % n;
      this.order[p] = moved[k]!;
      this.position[moved[k]!] = p;
    }
  }

  length(): number {
    let total = 0;
    for (let i = 0; i < this.n; i++) total += this.cost(this.order[i]!, this.order[i + 1 === this.n ? 0 : i + 1]!);
    return total;
  }
}

/** For each point, the others by increasing cost, cut to the K nearest. */
function neighbourLists(n: number, d: Float64Array, k: number): Int32Array {
  const lists = new Int32Array(n * k);
  const others = new Array<number>(n - 1);
  for (let i = 0; i < n; i++) {
    let c = 0;
    for (let j = 0; j < n; j++) if (j !== i) others[c++] = j;
    others.sort((a, b) => d[i * n + a]! - d[i * n + b]!);
    for (let m = 0; m < k; m++) lists[i * k + m] = others[m]!;
  }
  return lists;
}

/** Greedy matching: the shortest edges first, never a third edge at a point nor a cycle before the end. */
function greedyTour(n: number, d: Float64Array): Int32Array {
  const edges = new Int32Array((n * (n - 1)) / 2);
  let e = 0;
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) edges[e++] = i * n + j;
  const sorted = Array.from(edges).sort((a, b) => d[a]! - d[b]!);
  const degree = new Uint8Array(n);
  const adjacent = new Int32Array(2 * n).fill(-1);
  const parent = Int32Array.from({ length: n }, (_, i) => i);
  const root = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]!]!;
      x = parent[x]!;
    }
    return x;
  };
  const link = (a: number, b: number) => {
    adjacent[2 * a + degree[a]!] = b;
    adjacent[2 * b + degree[b]!] = a;
    degree[a]!++;
    degree[b]!++;
  };
  let added = 0;
  for (const edge of sorted) {
    if (added === n - 1) break;
    const a = Math.floor(edge / n);
    const b = edge % n;
    if (degree[a]! >= 2 || degree[b]! >= 2) continue;
    const ra = root(a);
    const rb = root(b);
    if (ra === rb) continue;
    parent[ra] = rb;
    link(a, b);
    added++;
  }
  const ends: number[] = [];
  for (let i = 0; i < n; i++) if (degree[i]! < 2) ends.push(i);
  link(ends[0]!, ends[1]!);
  const order = new Int32Array(n);
  let before = -1;
  let at = 0;
  for (let k = 0; k < n; k++) {
    order[k] = at;
    const after = adjacent[2 * at] !== before ? adjacent[2 * at]! : adjacent[2 * at + 1]!;
    before = at;
    at = after;
  }
  return order;
}

/**
 * 2-opt and Or-opt local search over neighbour lists with don't-look bits (a queue of the points
 * whose surroundings changed), then iterated: kick the tour (swap two neighbouring stretches, a
 * local double bridge that 2-opt cannot undo), repair it by local search from the kicked points
 * only, and keep the result when it is no longer, until the deadline. The matrix must be symmetric.
 */
class IteratedLocalSearch {
  private readonly tour: ArrayTour;
  private readonly neighbours: Int32Array;
  private readonly k: number;
  private readonly queue: Int32Array;
  private readonly queued: Uint8Array;
  private head = 0;
  private count = 0;
  private currentLength: number;

  constructor(
    private readonly n: number,
    private readonly d: Float64Array,
  ) {
    this.k = Math.min(NEIGHBOURS, n - 1);
    this.neighbours = neighbourLists(n, d, this.k);
    this.tour = new ArrayTour(n, d, greedyTour(n, d));
    this.queue = new Int32Array(n);
    this.queued = new Uint8Array(n);
    this.currentLength = this.tour.length();
  }

  private push(city: number): void {
    if (this.queued[city]) return;
    this.queued[city] = 1;
    this.queue[(this.head + this.count) % this.n] = city;
    this.count++;
  }

  private pop(): number {
    const city = this.queue[this.head]!;
    this.head = (this.head + 1) % this.n;
    this.count--;
    this.queued[city] = 0;
    return city;
  }

  /** Applies the first improving 2-opt move at `a`; the gain, or 0. */
  private twoOpt(a: number): number {
    const t = this.tour;
    for (let direction = 0; direction < 2; direction++) {
      const b = direction === 0 ? t.next(a) : t.previous(a);
      const ab = t.cost(a, b);
      for (let m = 0; m < this.k; m++) {
        const c = this.neighbours[a * this.k + m]!;
        const ac = t.cost(a, c);
        if (ac >= ab - EPSILON) break;
        const e = direction === 0 ? t.next(c) : t.previous(c);
        if (c === b || e === a) continue;
        const gain = ab + t.cost(c, e) - ac - t.cost(b, e);
        if (gain > EPSILON) {
          t.exchange(a, b, c, e);
          this.push(a);
          this.push(b);
          this.push(c);
          this.push(e);
          return gain;
        }
      }
    }
    return 0;
  }

  /** Applies the first improving Or-opt move of a segment that starts or ends at `a`; the gain, or 0. */
  private orOpt(a: number): number {
    const t = this.tour;
    for (let size = 1; size <= OR_OPT_MAX_SEGMENT && size + 3 <= this.n; size++) {
      for (let side = 0; side < 2; side++) {
        // The segment first..last runs forward; `a` is its first point (side 0) or its last (side 1).
        let first = a;
        let last = a;
        for (let s = 1; s < size; s++) {
          if (side === 0) last = t.next(last);
          else first = t.previous(first);
        }
        const p = t.previous(first);
        const nx = t.next(last);
        const removed = t.cost(p, first) + t.cost(last, nx) - t.cost(p, nx);
        if (removed <= EPSILON) continue;
        const middle = size === 3 ? t.next(first) : -1;
        for (let end = 0; end < 2; end++) {
          const x = end === 0 ? first : last;
          for (let m = 0; m < this.k; m++) {
            const c = this.neighbours[x * this.k + m]!;
            if (t.cost(x, c) >= removed - EPSILON) break;
            if (c === first || c === last || c === middle) continue;
            for (let edge = 0; edge < 2; edge++) {
              const u = edge === 0 ? c : t.previous(c);
              const v = edge === 0 ? t.next(c) : c;
              if (u === last || v === first || u === middle || v === middle) continue;
              const uv = t.cost(u, v);
              const kept = t.cost(u, first) + t.cost(last, v) - uv;
              const turned = t.cost(u, last) + t.cost(first, v) - uv;
              const reverse = turned < kept;
              const gain = removed - (reverse ? turned : kept);
              if (gain <= EPSILON) continue;
              // Remove the segment and put it back between u and v reversed, then turn it if needed.
              t.exchange(p, first, u, v);
              t.exchange(p, u, nx, last);
              if (!reverse && first !== last) t.exchange(u, last, first, v);
              this.push(p);
              this.push(nx);
              this.push(first);
              this.push(last);
              this.push(u);
              this.push(v);
              return gain;
            }
          }
        }
      }
    }
    return 0;
  }

  private localSearch(): void {
    while (this.count > 0) {
      const a = this.pop();
      let gain = this.twoOpt(a);
      if (gain === 0) gain = this.orOpt(a);
      if (gain > 0) {
        this.currentLength -= gain;
        this.push(a);
      }
    }
  }

  /** The kept tour, and its length as tracked move by move (gains and kicks), for the tests to check. */
  run(limits: SearchLimits): { order: Int32Array; trackedLength: number; iterations: number } {
    for (let i = 0; i < this.n; i++) this.push(this.tour.order[i]!);
    this.localSearch();
    const kept = new Int32Array(this.n);
    const keptPosition = new Int32Array(this.n);
    kept.set(this.tour.order);
    keptPosition.set(this.tour.position);
    let keptLength = this.currentLength;
    const maxSegment = Math.max(1, Math.min(KICK_MAX_SEGMENT, Math.floor((this.n - 2) / 2)));
    let iterations = 0;
    const maxIterations = limits.maxIterations ?? Number.POSITIVE_INFINITY;
    while (iterations < maxIterations && limits.now() < limits.deadline) {
      iterations++;
      const at = randomInt(limits.random, this.n);
      const first = 1 + randomInt(limits.random, maxSegment);
      const second = 1 + randomInt(limits.random, maxSegment);
      const n = this.n;
      const before = this.tour.order[at]!;
      const a1 = this.tour.order[(at + 1) % n]!;
      const a2 = this.tour.order[(at + first) % n]!;
      const b1 = this.tour.order[(at + first + 1) % n]!;
      const b2 = this.tour.order[(at + first + second) % n]!;
      const after = this.tour.order[(at + first + second + 1) % n]!;
      this.currentLength +=
        this.tour.cost(before, b1) + this.tour.cost(b2, a1) + this.tour.cost(a2, after) - this.tour.cost(before, a1) - this.tour.cost(a2, b1) - this.tour.cost(b2, after);
      this.tour.swapStretches(at, first, second);
      for (const city of [before, a1, a2, b1, b2, after]) this.push(city);
      this.localSearch();
      if (this.currentLength <= keptLength + EPSILON) {
        keptLength = Math.min(keptLength, this.currentLength);
        this.currentLength = keptLength;
        kept.set(this.tour.order);
        keptPosition.set(this.tour.position);
      } else {
        this.tour.order.set(kept);
        this.tour.position.set(keptPosition);
        this.currentLength = keptLength;
      }
    }
    return { order: kept, trackedLength: keptLength, iterations };
  }
}

/** The heuristic tour of a symmetric matrix (at least 5 points), starting at the depot 0. */
export function heuristicTour(matrix: DistanceMatrix, limits: SearchLimits): { tour: number[]; iterations: number; trackedLength: number } {
  const { size: n, cells } = matrix;
  const search = new IteratedLocalSearch(n, cells);
  const { order, iterations, trackedLength } = search.run(limits);
  const start = order.indexOf(0);
  const tour = Array.from({ length: n }, (_, k) => order[(start + k) % n]!);
  return { tour, iterations, trackedLength };
}
