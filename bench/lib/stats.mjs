// Small numeric helpers shared by the bench modules.

/**
 * Median of the numbers present (nulls are runs that produced no figure); null when there are none.
 * @param {(number | null)[]} values
 * @returns {number | null}
 */
export function median(values) {
  const sorted = values.filter((value) => typeof value === 'number' && Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * A rounded ratio, or null when either side is missing or the divisor is zero.
 * @param {number | null} a
 * @param {number | null} b
 */
export function ratio(a, b) {
  return a == null || b == null || b === 0 ? null : round(a / b, 3);
}

/** @param {number} value @param {number} digits */
export function round(value, digits = 0) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
