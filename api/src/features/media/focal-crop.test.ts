import { describe, expect, it } from 'vitest';
import { focalCrop } from './focal-crop';

describe('focalCrop', () => {
  it('takes the whole width of a landscape photo for a wider shape, moving down to the focal point', () => {
    expect(focalCrop(4000, 3000, 16 / 9, { x: 0.5, y: 0.5 })).toEqual({ left: 0, top: 375, width: 4000, height: 2250 });
    expect(focalCrop(4000, 3000, 16 / 9, { x: 0.5, y: 0.2 })).toEqual({ left: 0, top: 0, width: 4000, height: 2250 });
    expect(focalCrop(4000, 3000, 16 / 9, { x: 0.5, y: 0.9 })).toEqual({ left: 0, top: 750, width: 4000, height: 2250 });
  });

  it('takes the whole height for a narrower shape and centres the focal point when there is room', () => {
    // 4:3 of a 16:9 photo: 2400 of 3200 wide; a focal point at x = 0.6 (1920 px) puts the crop at 720..3120
    expect(focalCrop(3200, 1800, 4 / 3, { x: 0.6, y: 0.5 })).toEqual({ left: 720, top: 0, width: 2400, height: 1800 });
  });

  it('stops at the edges: a focal point in a corner gives the crop touching that corner', () => {
    expect(focalCrop(3000, 4000, 16 / 9, { x: 0, y: 0 })).toEqual({ left: 0, top: 0, width: 3000, height: 1688 });
    expect(focalCrop(3000, 4000, 16 / 9, { x: 1, y: 1 })).toEqual({ left: 0, top: 2312, width: 3000, height: 1688 });
    expect(focalCrop(4000, 1000, 4 / 3, { x: 1, y: 0 })).toEqual({ left: 2667, top: 0, width: 1333, height: 1000 });
  });

  it('keeps the focal point inside the crop, for any point and shape', () => {
    for (const [width, height] of [
      [4000, 3000],
      [3000, 4000],
      [1200, 1200],
      [5000, 900],
      [7, 3],
    ] as const) {
      for (const ratio of [4 / 3, 16 / 9, 1200 / 630, 1]) {
        for (const x of [0, 0.13, 0.5, 0.87, 1]) {
          for (const y of [0, 0.31, 0.5, 0.99, 1]) {
            const crop = focalCrop(width, height, ratio, { x, y });
            expect(crop.left).toBeGreaterThanOrEqual(0);
            expect(crop.top).toBeGreaterThanOrEqual(0);
            expect(crop.left + crop.width).toBeLessThanOrEqual(width);
            expect(crop.top + crop.height).toBeLessThanOrEqual(height);
            // the shape asked for, to half a pixel of rounding
            expect(Math.abs(crop.width - crop.height * ratio)).toBeLessThanOrEqual(0.5 * Math.max(1, ratio) + 1e-9);
            // the focal point is in it
            expect(x * width).toBeGreaterThanOrEqual(crop.left - 0.5);
            expect(x * width).toBeLessThanOrEqual(crop.left + crop.width + 0.5);
            expect(y * height).toBeGreaterThanOrEqual(crop.top - 0.5);
            expect(y * height).toBeLessThanOrEqual(crop.top + crop.height + 0.5);
          }
        }
      }
    }
  });

  it('returns the whole picture when it already has the shape', () => {
    expect(focalCrop(1600, 900, 16 / 9, { x: 0.1, y: 0.9 })).toEqual({ left: 0, top: 0, width: 1600, height: 900 });
  });
});
