import { Table } from '@mantine/core';
import { useState } from 'react';

import { Template, useDeleteTemplate } from '../../../api/reply-queries';
import { ConfirmedRowActions } from '../../../ui/ConfirmedRowActions';
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
              <ConfirmedRowActions
                labels={{
                  edit: `Изменить шаблон ${template.name}`,
                  remove: `Удалить шаблон ${template.name}`,
                  confirm: `Подтвердить удаление шаблона ${template.name}`,
                }}
                confirmTitle="Сценарии с этим шаблоном перестанут готовить ответы, пока им не выбран другой шаблон"
                confirming={confirming === template.id}
                pending={remove.isPending}
                onEdit={() => onEdit(template)}
                onAsk={() => setConfirming(template.id)}
                onConfirm={() => remove.mutate(template.id, { onSettled: () => setConfirming(null) })}
              />
              {remove.variables === template.id && <ErrorNotice error={remove.error} />}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
