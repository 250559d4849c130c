import type { VariantCounts } from './variant-counts';

/** The two-sided 95 % normal quantile. */
const Z95 = 1.959963984540054;
/** Spec (A/B tests): a variant wins only when it is the best with at least this probability. */
export const WINNER_PROBABILITY = 0.95;
/** Cells of the integration grid: enough for the narrowest posterior at hundreds of thousands of views. */
const GRID_CELLS = 20_000;
/** The grid covers each posterior to this many standard deviations either side of its mean. */
const GRID_SPAN_SD = 10;

export interface Interval {
  low: number;
  high: number;
}

export interface VariantResult extends VariantCounts {
  /** clicks / views; null without views. */
  ctr: number | null;
  /** The Wilson score interval of the CTR at 95 %. */
  ctrInterval: Interval;
  /** The probability that this variant has the highest CTR (Beta posteriors, see probabilityOfBest). */
  probabilityBest: number;
}

export type AbVerdict = 'winner' | 'inconclusive' | 'collecting';

export interface AbResults {
  variants: VariantResult[];
  /** winner: one variant is best with probability ≥ 0.95 and every variant has the target views; inconclusive: the
   * target is reached (or the test was stopped) without such a variant; collecting: the target is not reached yet. */
  verdict: AbVerdict;
  winnerIndex: number | null;
}

/** The Wilson score interval of a proportion at 95 %; [0, 1] without trials. */
export function wilsonInterval(successes: number, trials: number): Interval {
  if (trials <= 0) return { low: 0, high: 1 };
  const p = successes / trials;
  const z2 = Z95 * Z95;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (Z95 * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator;
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** The Beta(1 + clicks, 1 + views − clicks) posterior of a variant's CTR under a uniform prior. */
function posterior({ views, clicks }: VariantCounts): { a: number; b: number; mean: number; sd: number } {
  const a = 1 + clicks;
  const b = 1 + views - clicks;
  const mean = a / (a + b);
  const sd = Math.sqrt((a * b) / ((a + b) ** 2 * (a + b + 1)));
  return { a, b, mean, sd };
}

/**
 * The probability of each variant being the best: P(X_i > X_j for every j ≠ i) for independent Beta(1 + clicks,
 * 1 + views − clicks) posteriors, by the midpoint rule on one grid over the posteriors' support: each posterior's mass per
 * cell from its density (normalised on the grid, so no Beta function is needed), each CDF by cumulative sums, and
 * P_i = Σ_k mass_i(k) · Π_{j≠i} CDF_j(x_k). Deterministic: the same counts give the same numbers.
 */
export function probabilityOfBest(counts: VariantCounts[]): number[] {
  const posteriors = counts.map(posterior);
  const from = Math.max(0, Math.min(...posteriors.map((p) => p.mean - GRID_SPAN_SD * p.sd)));
  const to = Math.min(1, Math.max(...posteriors.map((p) => p.mean + GRID_SPAN_SD * p.sd)));
  const step = (to - from) / GRID_CELLS;
  const centres = Array.from({ length: GRID_CELLS }, (_, k) => from + (k + 0.5) * step);
  const masses = posteriors.map(({ a, b }) => {
    const logDensity = centres.map((x) => (a - 1) * Math.log(x) + (b - 1) * Math.log1p(-x));
    const peak = Math.max(...logDensity);
    const density = logDensity.map((value) => Math.exp(value - peak));
    const total = density.reduce((sum, value) => sum + value, 0);
    return density.map((value) => value / total);
  });
  const cdfs = masses.map((mass) => {
    let below = 0;
    return mass.map((cell) => {
      const atCentre = below + cell / 2;
      below += cell;
      return atCentre;
    });
  });
  return masses.map((mass, i) =>
    mass.reduce((sum, cell, k) => {
      if (cell === 0) return sum;
      let others = 1;
      for (let j = 0; j < cdfs.length; j++) if (j !== i) others *= cdfs[j][k];
      return sum + cell * others;
    }, 0),
  );
}

/**
 * The results of a test from its per-variant counts: CTR with its Wilson interval and the probability of being best per
 * variant, and the verdict at the target views per variant; `stopped` (ended early by its user) turns collecting into
 * inconclusive.
 */
export function abResults(counts: VariantCounts[], targetViewsPerVariant: number, stopped = false): AbResults {
  const best = probabilityOfBest(counts);
  const variants = counts.map((count, index) => ({
    ...count,
    ctr: count.views > 0 ? count.clicks / count.views : null,
    ctrInterval: wilsonInterval(count.clicks, count.views),
    probabilityBest: best[index],
  }));
  const reached = counts.every((count) => count.views >= targetViewsPerVariant);
  const leader = best.indexOf(Math.max(...best));
  if (reached && best[leader] >= WINNER_PROBABILITY) return { variants, verdict: 'winner', winnerIndex: leader };
  return { variants, verdict: reached || stopped ? 'inconclusive' : 'collecting', winnerIndex: null };
}

/** The winner's CTR over the mean CTR of the other variants, in %; null without a winner or a base. */
export function ctrUpliftPct(results: AbResults): number | null {
  if (results.winnerIndex === null) return null;
  const winner = results.variants[results.winnerIndex].ctr;
  const others = results.variants.filter((_, index) => index !== results.winnerIndex).map((variant) => variant.ctr ?? 0);
  const base = others.reduce((sum, ctr) => sum + ctr, 0) / others.length;
  if (winner === null || base === 0) return null;
  return Math.round(((winner - base) / base) * 10_000) / 100;
}
