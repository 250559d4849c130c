/**
 * The ABBA order of rotations for n variants: 0, 1, …, n−1 then n−1, …, 0, repeated (A B B A for two). Each variant is
 * shown as often early as late, so a trend over the test's days (a sale starting, the weekend) favours none of them.
 * Two periods of one variant side by side (the B B) need no switch of the photo, only a new measurement period.
 */
export function abbaCycle(variants: number): number[] {
  if (!Number.isInteger(variants) || variants < 2) throw new RangeError(`an A/B test has at least 2 variants, got ${variants}`);
  const forward = Array.from({ length: variants }, (_, index) => index);
  return [...forward, ...forward.slice().reverse()];
}

/** The variant of the next rotation, given how many rotations were measured to their end so far. */
export function nextVariant(variants: number, completedRotations: number): number {
  const cycle = abbaCycle(variants);
  return cycle[completedRotations % cycle.length];
}
