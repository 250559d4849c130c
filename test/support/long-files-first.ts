import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that run longest (40 s and more of waiting out holds, lockouts, killed workers and the marketplace's rate
 * windows on two cores), longest first. Started before the others, none of them is left to run alone at the end.
 */
const LONG_FILES = [
  'test/security.e2e.ts',
  'test/autoreply-hold-crash.e2e.ts',
  'test/autoreply-hold.e2e.ts',
  'test/catalog-sync.e2e.ts',
  'test/autoreply-replies.e2e.ts',
  'test/auth.e2e.ts',
  'web/e2e/ads.e2e.ts',
  'test/demo.e2e.ts',
  'test/process.e2e.ts',
  'test/autobidder-run.e2e.ts',
  'test/booking-slots.e2e.ts',
  'test/digitization-crash.e2e.ts',
  'test/autoreply-inbox.e2e.ts',
  'test/digitization-imports.e2e.ts',
  'web/e2e/imports.e2e.ts',
  'web/e2e/inbox-hold.e2e.ts',
  'test/pricing-limits.e2e.ts',
  'test/pricing-crash.e2e.ts',
  'test/marketplace-rate-sharing.e2e.ts',
];

/**
 * Vitest's order (failed first, then by the last run's durations where its cache has them, else larger files first),
 * with the long files ahead: a run without that cache would otherwise start small long files such as
 * pricing-limits last.
 */
export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => LONG_FILES.findIndex((path) => file.moduleId.endsWith(`/${path}`));
    const long = sorted.filter((file) => rank(file) >= 0).sort((a, b) => rank(a) - rank(b));
    return [...long, ...sorted.filter((file) => rank(file) < 0)];
  }
}
