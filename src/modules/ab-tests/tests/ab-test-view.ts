import { abResults } from '../engine/ab-results';
import type { RotationSnapshots } from '../engine/variant-counts';
import { variantCounts } from '../engine/variant-counts';
import type { AbTestResponseDto, AbTestResultsDto, AbTestRotationDto } from './ab-tests.dto';
import type { AbTestRotationRow, AbTestRow } from './ab-tests.repository';

/** A test's own fields as the API answers them, without its variants' images. */
export type AbTestFields = Omit<AbTestResponseDto, 'variantImages'>;

/** A test as the API answers it: the switch rule as one object, the winner by its variant index. */
export function abTestResponse(row: AbTestRow): AbTestFields {
  const {
    switchEveryImpressions,
    switchEveryHours,
    winnerIndex,
    ctrUpliftPct,
    deletedAt: _deleted,
    createdBy: _by,
    priceAtStart: _price,
    finalMediaAt: _finalMedia,
    ...rest
  } = row;
  return {
    ...rest,
    switchEvery: switchEveryImpressions !== null ? { impressions: switchEveryImpressions } : { hours: switchEveryHours! },
    winner: winnerIndex,
    ctrUpliftPct: ctrUpliftPct === null ? null : Number(ctrUpliftPct),
  };
}

export function rotationResponse(row: AbTestRotationRow): AbTestRotationDto {
  const { id, variantIndex, startedAt, settleUntil, endedAt, viewsAtStart, clicksAtStart, viewsAtEnd, clicksAtEnd, state } = row;
  return { id, variantIndex, startedAt, settleUntil, endedAt, viewsAtStart, clicksAtStart, viewsAtEnd, clicksAtEnd, state };
}

function snapshot(views: number | null, clicks: number | null): { views: number; clicks: number } | null {
  return views === null || clicks === null ? null : { views, clicks };
}

/** A rotation's three snapshots: at the switch, at the settle window's end (AtStart) and at the next switch (AtEnd). */
export function rotationSnapshots(row: AbTestRotationRow): RotationSnapshots {
  return {
    variantIndex: row.variantIndex,
    atSwitch: snapshot(row.viewsAtSwitch, row.clicksAtSwitch),
    atSettleEnd: snapshot(row.viewsAtStart, row.clicksAtStart),
    atNextSwitch: row.state === 'done' || row.state === 'cut' ? snapshot(row.viewsAtEnd, row.clicksAtEnd) : null,
  };
}

/** The states after which nothing more is measured: what was measured is the verdict. */
const ENDED = new Set<AbTestRow['state']>(['completed', 'applied', 'restored', 'failed', 'interrupted']);

/** The results of a test from its rotations so far (the pure cores). */
export function abTestResults(test: AbTestRow, rotations: AbTestRotationRow[]): AbTestResultsDto {
  const counts = variantCounts(test.variants.length, rotations.map(rotationSnapshots));
  const results = abResults(counts, test.targetImpressionsPerVariant, ENDED.has(test.state));
  return {
    testId: test.id,
    state: test.state,
    targetImpressionsPerVariant: test.targetImpressionsPerVariant,
    verdict: results.verdict,
    winner: results.winnerIndex,
    variants: results.variants.map((variant) => ({ ...variant, imageId: test.variants[variant.variantIndex] })),
  };
}
