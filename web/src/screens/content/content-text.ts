import type { components } from '../../api/schema';

type Schemas = components['schemas'];
export type DraftStatus = Schemas['ContentDraftDto']['status'];
export type Issue = Schemas['ContentIssueDto'];
type Severity = Issue['severity'];
type Characteristic = Schemas['ContentCharacteristicDto'];

/** Spec: content studio, draft states, as the seller reads them. */
export const STATUS_TEXT: Record<DraftStatus, string> = {
  draft: 'черновик',
  approved: 'одобрен',
  publishing: 'публикуется',
  published: 'опубликован',
  rejected_by_mp: 'отклонён маркетплейсом',
  superseded: 'заменён',
};

export const STATUS_COLOR: Record<DraftStatus, string> = {
  draft: 'gray',
  approved: 'blue',
  publishing: 'blue',
  published: 'green',
  rejected_by_mp: 'red',
  superseded: 'dimmed',
};

export const STATUS_OPTIONS = (Object.keys(STATUS_TEXT) as DraftStatus[]).map((value) => ({ value, label: STATUS_TEXT[value] }));

export const SEVERITY_TEXT: Record<Severity, string> = { error: 'Ошибки', warning: 'Предупреждения', info: 'Подсказки' };
export const SEVERITY_COLOR: Record<Severity, string> = { error: 'red', warning: 'orange', info: 'blue' };
export const SEVERITIES: Severity[] = ['error', 'warning', 'info'];

export const FIELD_TEXT: Record<string, string> = {
  title: 'Название',
  description: 'Описание',
  characteristics: 'Характеристики',
  keywords: 'Поисковые запросы',
  proposed: 'Тексты',
};

/** The marketplace's limit of a card's title (spec: content studio). */
export const TITLE_MAX = 60;

/** The issues grouped by severity, the most serious first; a severity without issues is left out. */
export function issuesBySeverity(issues: Issue[]): { severity: Severity; issues: Issue[] }[] {
  return SEVERITIES.map((severity) => ({ severity, issues: issues.filter((issue) => issue.severity === severity) })).filter(
    (group) => group.issues.length > 0,
  );
}

/** Why the draft cannot be approved as it stands, or null when it can. */
export function approveBlock(draft: { status: DraftStatus; proposed: { title: string }; issues: Issue[] }): string | null {
  if (draft.status !== 'draft') return `Одобрить можно только черновик, а этот ${STATUS_TEXT[draft.status]}`;
  if (draft.proposed.title.length > TITLE_MAX)
    return `Название длиннее ${TITLE_MAX} символов (${draft.proposed.title.length}): сократите его`;
  const error = draft.issues.find((issue) => issue.severity === 'error');
  return error ? `Исправьте ошибку: ${error.message}` : null;
}

/** A characteristic's value as one line. */
export const characteristicValue = (value: Characteristic['value']) => (Array.isArray(value) ? value.join(', ') : String(value));

/** The characteristics as lines `name: value`, in the order given. */
export const characteristicLines = (characteristics: Characteristic[]) =>
  characteristics.map(
    (characteristic) => `${characteristic.name ?? `#${characteristic.id}`}: ${characteristicValue(characteristic.value)}`,
  );

/** A score change as `before → after`. */
export const scoreChange = (before: number, after: number) => `${before} → ${after}`;
