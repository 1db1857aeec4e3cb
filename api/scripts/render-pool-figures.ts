// The arithmetic of the renderer pool's bench (render-pool-bench.ts, decision 057): percentiles of the times taken, the
// ratios pool / in process, and the render's absolute cost. Apart from the bench so that it is tested without a pool.
import { quantile, round } from './bench-database';

export type Figures = { p50: number; p99: number };

/** p50 and p99 of times in ms, two decimals (0 and 0 for none). */
export function figures(times: readonly number[]): Figures {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: round(quantile(sorted, 0.5)), p99: round(quantile(sorted, 0.99)) };
}

/** What one page (or every page) measured, in ms: the render call, the trip alone, and the whole uncached request. */
export type Taken = {
  render: { inProcess: number[]; pool: number[] };
  trip: number[];
  request: { inProcess: number[]; pool: number[] };
};

/** Pool over in process, two decimals; null when the in-process figure is 0 (nothing to divide by). */
const ratio = (pool: number, inProcess: number) => (inProcess > 0 ? round(pool / inProcess) : null);

/**
 * The figures of what was taken: the render call on each side, their ratios and what the pool adds to it at p50
 * (the render-only measure, decision 057), the trip alone, and the whole uncached request on each side with its ratios
 * (the measure the 1.2× budget is checked against, decision 057 «2026-11-29, afternoon»).
 */
export function summary(taken: Taken) {
  const inProcess = figures(taken.render.inProcess);
  const pool = figures(taken.render.pool);
  const request = { inProcess: figures(taken.request.inProcess), pool: figures(taken.request.pool) };
  return {
    inProcess,
    pool,
    trip: figures(taken.trip),
    p50Ratio: ratio(pool.p50, inProcess.p50),
    p99Ratio: ratio(pool.p99, inProcess.p99),
    renderAddedP50Ms: round(pool.p50 - inProcess.p50),
    request,
    requestP50Ratio: ratio(request.pool.p50, request.inProcess.p50),
    requestP99Ratio: ratio(request.pool.p99, request.inProcess.p99),
  };
}
