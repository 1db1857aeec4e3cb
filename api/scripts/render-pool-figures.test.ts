import { describe, expect, it } from 'vitest';
import { figures, summary } from './render-pool-figures';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('render pool bench figures', () => {
  it('takes the p50 and the p99 of unsorted times, to two decimals', () => {
    const times = range(1, 100)
      .map((n) => n / 3)
      .reverse();
    expect(figures(times)).toEqual({ p50: 16.67, p99: 33 });
    expect(figures([])).toEqual({ p50: 0, p99: 0 });
  });

  it('gives the ratios of the render and of the whole request, and what the pool adds to a render', () => {
    const result = summary({
      render: { inProcess: range(1, 100), pool: range(1, 100).map((n) => n + 0.5) },
      trip: range(1, 100).map((n) => n / 100),
      request: { inProcess: range(1, 100).map((n) => n * 4), pool: range(1, 100).map((n) => n * 5) },
    });
    expect(result.inProcess).toEqual({ p50: 50, p99: 99 });
    expect(result.pool).toEqual({ p50: 50.5, p99: 99.5 });
    expect(result.trip).toEqual({ p50: 0.5, p99: 0.99 });
    expect(result.p50Ratio).toBe(1.01);
    expect(result.renderAddedP50Ms).toBe(0.5);
    expect(result.request).toEqual({ inProcess: { p50: 200, p99: 396 }, pool: { p50: 250, p99: 495 } });
    expect(result.requestP50Ratio).toBe(1.25);
    expect(result.requestP99Ratio).toBe(1.25);
  });

  it('gives no ratio when nothing was measured in process', () => {
    const result = summary({ render: { inProcess: [], pool: [1] }, trip: [], request: { inProcess: [], pool: [] } });
    expect(result.p50Ratio).toBeNull();
    expect(result.requestP99Ratio).toBeNull();
  });
});
