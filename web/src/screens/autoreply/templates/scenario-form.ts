import type { Scenario, ScenarioFields, Template } from '../../../api/reply-queries';
import type { ScenarioPrefill } from '../../../ui/scenario-link';

/** A scenario as its form holds it: stars as the Select's strings, no brand as an empty field. */
export interface ScenarioValues {
  kind: Scenario['kind'];
  templateId: string | null;
  brand: string;
  ratingMin: string | null;
  ratingMax: string | null;
  useLlm: boolean;
}

const starsText = (stars: number | null) => (stars === null ? null : String(stars));
const starsOf = (value: string | null) => (value === null ? null : Number(value));

export const scenarioValues = (scenario: Scenario): ScenarioValues => ({
  kind: scenario.kind,
  templateId: scenario.templateId,
  brand: scenario.brand ?? '',
  ratingMin: starsText(scenario.ratingMin),
  ratingMax: starsText(scenario.ratingMax),
  useLlm: scenario.useLlm,
});

/** A new scenario: the first template, and the kind and stars of the item a link from the inbox was made for. */
export function newScenarioValues(templates: readonly Pick<Template, 'id'>[], prefill: ScenarioPrefill | null): ScenarioValues {
  const rating = starsText(prefill?.rating ?? null);
  return {
    kind: prefill?.kind ?? 'both',
    templateId: templates[0]?.id ?? null,
    brand: '',
    ratingMin: rating,
    ratingMax: rating,
    useLlm: false,
  };
}

/** The API fields of the form's values; a missing template never gets here (`templateError`). */
export const scenarioFields = (values: ScenarioValues): ScenarioFields => ({
  kind: values.kind,
  templateId: values.templateId ?? '',
  useLlm: values.useLlm,
  brand: values.brand.trim() || null,
  ratingMin: starsOf(values.ratingMin),
  ratingMax: starsOf(values.ratingMax),
});

/** Spec, Reply scenario: no reply is prepared without a live template; a deleted one must be replaced before saving. */
export function templateError(templateId: string | null, templates: readonly Pick<Template, 'id'>[]): string | null {
  if (templateId === null) return 'Выберите шаблон ответа: без него сценарий не подготовит ответ';
  return templates.some((template) => template.id === templateId) ? null : 'Шаблон сценария удалён: выберите другой';
}
