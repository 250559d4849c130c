import type { ContentIssue, ContentScoreContext, ContentTexts } from '../../database/schema';
import { characteristicIssues } from './content-characteristics';
import { scoreContent } from './content-score';

/** The score of a card's texts and every issue of them: the score's and the characteristics' check. */
export function reviewTexts(
  texts: ContentTexts,
  keywords: readonly string[],
  context: ContentScoreContext,
): { score: number; issues: ContentIssue[] } {
  const { score, issues } = scoreContent({ texts, keywords, context });
  return { score, issues: [...issues, ...characteristicIssues(texts.characteristics, context.subjectCharcs)] };
}
