import type { ContentIssue, ContentSubjectCharc, ContentTexts } from '../../database/schema';

/**
 * Reference 15.3: each characteristic must be one of the subject's, of its type (charcType 1: an array of strings, up to
 * maxCount, 0 = unlimited; 4: a single number): otherwise an error, as the marketplace would refuse the card. A required
 * one left out is a warning. Without the subject's list nothing is checked.
 */
export function characteristicIssues(
  characteristics: ContentTexts['characteristics'],
  charcs: readonly ContentSubjectCharc[],
): ContentIssue[] {
  if (charcs.length === 0) return [];
  const issues: ContentIssue[] = [];
  const byId = new Map(charcs.map((charc) => [charc.charcID, charc]));
  const error = (message: string) => issues.push({ field: 'characteristics', message, severity: 'error' });
  for (const { id, value } of characteristics) {
    const charc = byId.get(id);
    if (!charc) {
      error(`Характеристики ${id} нет у предмета`);
      continue;
    }
    if (charc.charcType === 4 && typeof value !== 'number') error(`«${charc.name}»: нужно одно число`);
    if (charc.charcType === 1 && !(Array.isArray(value) && value.every((item) => typeof item === 'string')))
      error(`«${charc.name}»: нужен список строк`);
    else if (charc.charcType === 1 && charc.maxCount && (value as string[]).length > charc.maxCount)
      error(`«${charc.name}»: не больше ${charc.maxCount} значений`);
  }
  const present = new Set(characteristics.map((charc) => charc.id));
  for (const charc of charcs)
    if (charc.required && !present.has(charc.charcID))
      issues.push({ field: 'characteristics', message: `Не заполнена обязательная характеристика «${charc.name}»`, severity: 'warning' });
  return issues;
}
