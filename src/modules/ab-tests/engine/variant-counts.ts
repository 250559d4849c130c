/** Cumulative views and clicks of the card in the test's campaign, as the ad statistics report them at one moment. */
export interface CounterSnapshot {
  views: number;
  clicks: number;
}

/**
 * One rotation's snapshots: at the switch to its variant, at the end of its settle window (the marketplace shows the
 * new photo to everyone only after a while), and at the next switch; null where not taken yet.
 */
export interface RotationSnapshots {
  variantIndex: number;
  atSwitch: CounterSnapshot | null;
  atSettleEnd: CounterSnapshot | null;
  atNextSwitch: CounterSnapshot | null;
}

export interface VariantCounts {
  variantIndex: number;
  views: number;
  clicks: number;
  /** Rotations measured to their end. */
  rotations: number;
}

/**
 * A rotation's measured views and clicks: from the end of its settle window to the next switch, the settle window left
 * out; null when either end is missing. The marketplace may correct its counters downwards: a negative change counts 0,
 * and clicks never exceed views.
 */
export function rotationDelta(rotation: RotationSnapshots): CounterSnapshot | null {
  const { atSettleEnd: from, atNextSwitch: to } = rotation;
  if (!from || !to) return null;
  const views = Math.max(0, to.views - from.views);
  const clicks = Math.min(views, Math.max(0, to.clicks - from.clicks));
  return { views, clicks };
}

/** Per-variant totals over every rotation measured to its end, one entry per variant in index order. */
export function variantCounts(variants: number, rotations: RotationSnapshots[]): VariantCounts[] {
  const totals = Array.from({ length: variants }, (_, variantIndex) => ({ variantIndex, views: 0, clicks: 0, rotations: 0 }));
  for (const rotation of rotations) {
    const delta = rotationDelta(rotation);
    const total = totals[rotation.variantIndex];
    if (!delta || !total) continue;
    total.views += delta.views;
    total.clicks += delta.clicks;
    total.rotations += 1;
  }
  return totals;
}
