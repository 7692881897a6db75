/*
 * Numbers written for India without Intl. The first Intl.NumberFormat of a
 * page loads the locale data: 50–100 ms of blocked page on a slow phone. The
 * texts evaluated at start and the pager's totals do not pay for it.
 */

/**
 * A whole number in the Indian grouping that English and Hindi both use
 * (5,00,000): the last three digits, then pairs.
 */
export function groupIndian(value: number): string {
  const digits = String(Math.abs(Math.trunc(value)));
  const head = digits.slice(0, -3);
  const grouped = head ? `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}` : digits;
  return value < 0 ? `-${grouped}` : grouped;
}
