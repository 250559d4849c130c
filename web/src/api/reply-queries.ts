import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { FormSave } from '../ui/use-stored-form';
import { unwrap } from './api-error';
import { api } from './client';
import { priorityChanges } from './scenario-order';
import type { components } from './schema';

export type Scenario = components['schemas']['ReplyScenarioResponseDto'];
export type Template = components['schemas']['ReplyTemplateResponseDto'];

/** A seller's templates and scenarios are few; the first hundred is the whole list in practice. */
const LIST_LIMIT = 100;

/** The reply setup's queries of a cabinet: its templates and its scenarios. */
export const replyQueries = {
  all: (mpAccountId: string) => ['reply-setup', mpAccountId] as const,
  templates: (mpAccountId: string) =>
    queryOptions({
      queryKey: [...replyQueries.all(mpAccountId), 'templates'],
      queryFn: async () => unwrap(await api.GET('/autoreply/templates', { params: { query: { mpAccountId, limit: LIST_LIMIT } } })),
    }),
  scenarios: (mpAccountId: string) =>
    queryOptions({
      queryKey: [...replyQueries.all(mpAccountId), 'scenarios'],
      queryFn: async () =>
        unwrap(
          await api.GET('/autoreply/scenarios', {
            params: { query: { mpAccountId, limit: LIST_LIMIT, sortBy: 'priority', sortDirection: 'asc' } },
          }),
        ),
    }),
};

export type TemplateFields = Pick<Template, 'name' | 'type' | 'text'>;
/** Spec, Reply scenario: a scenario created through the web UI gets priority 100 and replyMode auto. */
const WEB_SCENARIO_DEFAULTS = { priority: 100, replyMode: 'auto' } as const;
export type ScenarioFields = Pick<Scenario, 'kind' | 'templateId' | 'useLlm' | 'brand' | 'ratingMin' | 'ratingMax'>;

export const useTemplates = (mpAccountId: string) => useQuery(replyQueries.templates(mpAccountId));

export const useScenarios = (mpAccountId: string) => useQuery(replyQueries.scenarios(mpAccountId));

/** A new template with every field, or the changed fields of one; the templates and the scenarios naming them are read again after. */
export function useSaveTemplate(mpAccountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (save: FormSave<TemplateFields>) =>
      unwrap(
        save.id === undefined
          ? await api.POST('/autoreply/templates', { body: { ...save.fields, mpAccountId } })
          : await api.PATCH('/autoreply/templates/{id}', { params: { path: { id: save.id } }, body: save.fields }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: replyQueries.all(mpAccountId) }),
  });
}

/** A new scenario (with the web UI's defaults) or the changed fields of one. */
export function useSaveScenario(mpAccountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (save: FormSave<ScenarioFields>) =>
      unwrap(
        save.id === undefined
          ? await api.POST('/autoreply/scenarios', { body: { ...save.fields, ...WEB_SCENARIO_DEFAULTS, mpAccountId } })
          : await api.PATCH('/autoreply/scenarios/{id}', { params: { path: { id: save.id } }, body: save.fields }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: replyQueries.scenarios(mpAccountId).queryKey }),
  });
}

/** Turns a scenario on or off: an inactive one is never chosen (spec, Reply rule 1). */
export function useSwitchScenario(mpAccountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, isActive }: { id: string; isActive: boolean }) =>
      unwrap(await api.PATCH('/autoreply/scenarios/{id}', { params: { path: { id } }, body: { isActive } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: replyQueries.scenarios(mpAccountId).queryKey }),
  });
}

export function useDeleteScenario(mpAccountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await api.DELETE('/autoreply/scenarios/{id}', { params: { path: { id } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: replyQueries.scenarios(mpAccountId).queryKey }),
  });
}

/** A deleted template leaves its scenarios unable to prepare a reply; they are read again to show it. */
export function useDeleteTemplate(mpAccountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await api.DELETE('/autoreply/templates/{id}', { params: { path: { id } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: replyQueries.all(mpAccountId) }),
  });
}

/** Stores a dragged order as priorities, one PATCH per scenario whose priority changes. */
export function useReorderScenarios(mpAccountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ordered: Scenario[]) => {
      for (const { id, priority } of priorityChanges(ordered))
        unwrap(await api.PATCH('/autoreply/scenarios/{id}', { params: { path: { id } }, body: { priority } }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: replyQueries.scenarios(mpAccountId).queryKey }),
  });
}
