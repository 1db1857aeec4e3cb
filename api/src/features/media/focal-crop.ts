/** A rectangle of a picture, in pixels from its top-left corner (what sharp's `extract` takes). */
export interface CropRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A point of a picture as fractions of its width and height, each 0..1 (0.5, 0.5 is the centre). */
export interface FocalPoint {
  x: number;
  y: number;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * The largest rectangle of `ratio` (width over height) inside a `width`×`height` picture, placed so the focal point is
 * as near its centre as the picture's edges allow: a face near the left edge stays in a 16:9 crop of a portrait, at
 * its centre when there is room and at the crop's left edge otherwise.
 *
 * @example
 * focalCrop(4000, 3000, 16 / 9, { x: 0.5, y: 0.2 }) // { left: 0, top: 0, width: 4000, height: 2250 }
 */
export function focalCrop(width: number, height: number, ratio: number, focal: FocalPoint): CropRect {
  const wide = width / height > ratio;
  const cropWidth = wide ? clamp(Math.round(height * ratio), 1, width) : width;
  const cropHeight = wide ? height : clamp(Math.round(width / ratio), 1, height);
  const left = clamp(Math.round(focal.x * width - cropWidth / 2), 0, width - cropWidth);
  const top = clamp(Math.round(focal.y * height - cropHeight / 2), 0, height - cropHeight);
  return { left, top, width: cropWidth, height: cropHeight };
}
