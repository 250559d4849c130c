import type { Scenario, Template } from '../api/reply-queries';

export const KIND_SCOPE_OPTIONS: { value: Scenario['kind']; label: string }[] = [
  { value: 'both', label: 'Отзывы и вопросы' },
  { value: 'feedbacks', label: 'Отзывы' },
  { value: 'questions', label: 'Вопросы' },
];

const KIND_SCOPE_TEXT = Object.fromEntries(KIND_SCOPE_OPTIONS.map((option) => [option.value, option.label])) as Record<
  Scenario['kind'],
  string
>;

export const kindScopeText = (kind: Scenario['kind']) => KIND_SCOPE_TEXT[kind];

/** A scenario's conditions in one line: kind, brand and the range of stars. */
export function conditionText(scenario: Pick<Scenario, 'kind' | 'brand' | 'ratingMin' | 'ratingMax'>): string {
  const parts = [KIND_SCOPE_TEXT[scenario.kind]];
  if (scenario.brand) parts.push(`бренд ${scenario.brand}`);
  const { ratingMin: min, ratingMax: max } = scenario;
  if (min !== null && max !== null) parts.push(min === max ? `оценка ${min}` : `оценка ${min}–${max}`);
  else if (min !== null) parts.push(`оценка от ${min}`);
  else if (max !== null) parts.push(`оценка до ${max}`);
  return parts.join(', ');
}

export const replyModeText = (mode: Scenario['replyMode']) => (mode === 'auto' ? 'автоматически, после задержки' : 'вручную');

/** The name of a scenario's template, or a note that it is gone. */
export function templateName(templates: readonly Pick<Template, 'id' | 'name'>[], templateId: string): string {
  return templates.find((template) => template.id === templateId)?.name ?? 'шаблон удалён';
}
