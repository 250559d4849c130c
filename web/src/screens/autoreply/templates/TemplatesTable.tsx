import { Button, Group, Table } from '@mantine/core';
import { useState } from 'react';

import { Template, useDeleteTemplate } from '../../../api/reply-queries';
import { ErrorNotice } from '../../../ui/ErrorNotice';
import { kindScopeText } from '../../../ui/scenario-text';
import { shownTemplateText } from './template-placeholders';

/** The account's templates, each changed in the editor or deleted after a second click. */
export function TemplatesTable({
  mpAccountId,
  templates,
  onEdit,
}: {
  mpAccountId: string;
  templates: Template[];
  onEdit: (template: Template) => void;
}) {
  const remove = useDeleteTemplate(mpAccountId);
  const [confirming, setConfirming] = useState<string | null>(null);
  return (
    <Table aria-label="Шаблоны">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Название</Table.Th>
          <Table.Th>Для чего</Table.Th>
          <Table.Th>Текст</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {templates.map((template) => (
          <Table.Tr key={template.id}>
            <Table.Td>{template.name}</Table.Td>
            <Table.Td>{kindScopeText(template.type)}</Table.Td>
            <Table.Td>{shownTemplateText(template.text)}</Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Button size="xs" variant="light" onClick={() => onEdit(template)} aria-label={`Изменить шаблон ${template.name}`}>
                  Изменить
                </Button>
                {confirming === template.id ? (
                  <Button
                    size="xs"
                    color="red"
                    loading={remove.isPending}
                    onClick={() => remove.mutate(template.id, { onSettled: () => setConfirming(null) })}
                    aria-label={`Подтвердить удаление шаблона ${template.name}`}
                    title="Сценарии с этим шаблоном перестанут готовить ответы, пока им не выбран другой шаблон"
                  >
                    Точно удалить
                  </Button>
                ) : (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => setConfirming(template.id)}
                    aria-label={`Удалить шаблон ${template.name}`}
                  >
                    Удалить
                  </Button>
                )}
              </Group>
              {remove.variables === template.id && <ErrorNotice error={remove.error} />}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
