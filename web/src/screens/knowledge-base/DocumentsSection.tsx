import { Badge, Button, FileButton, Group, Stack, Table, Text, Title } from '@mantine/core';
import { dateTime } from '@shared/format';
import { useRef, useState } from 'react';

import { ConfirmedDelete } from '../../ui/ConfirmedDelete';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { PageNav } from '../../ui/PageNav';
import { useDeleteDocument, useDocuments, useUploadDocument } from './kb-queries';
import { DOCUMENT_ACCEPT, DOCUMENT_STATUS_COLOR, DOCUMENT_TYPES_TEXT, documentStateText, sizeText } from './kb-text';

/** The cabinet's uploaded documents, newest first: each is read in the background, then found by search. */
export function DocumentsSection({ mpAccountId }: { mpAccountId: string }) {
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<string | null>(null);
  const documents = useDocuments(mpAccountId, page);
  const upload = useUploadDocument(mpAccountId);
  const remove = useDeleteDocument(mpAccountId);
  // The picker is emptied after each choice, so that the same file can be chosen again.
  const resetPicker = useRef<() => void>(null);
  const add = (file: File | null) => {
    resetPicker.current?.();
    if (file) upload.mutate(file, { onSuccess: () => setPage(1) });
  };
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={3}>Документы</Title>
        <FileButton onChange={add} accept={DOCUMENT_ACCEPT} resetRef={resetPicker}>
          {(props) => (
            <Button {...props} loading={upload.isPending}>
              Загрузить документ
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="sm" c="dimmed">
        {DOCUMENT_TYPES_TEXT}. Текст извлекается в фоне, после этого документ находится поиском.
      </Text>
      <ErrorNotice error={upload.error} />
      <ErrorNotice error={remove.error} />
      <ErrorNotice error={documents.error} />
      {documents.data &&
        (documents.data.items.length === 0 ? (
          <Text c="dimmed">Документов нет</Text>
        ) : (
          <>
            <Table striped aria-label="Документы">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Файл</Table.Th>
                  <Table.Th>Размер</Table.Th>
                  <Table.Th>Загружен</Table.Th>
                  <Table.Th>Состояние</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {documents.data.items.map((document) => {
                  const state = documentStateText(document);
                  return (
                    <Table.Tr key={document.id}>
                      <Table.Td>{document.fileName}</Table.Td>
                      <Table.Td>{sizeText(document.sizeBytes)}</Table.Td>
                      <Table.Td>{dateTime(document.createdAt)}</Table.Td>
                      <Table.Td>
                        <Badge color={DOCUMENT_STATUS_COLOR[document.status]} variant="light" tt="none" maw={360} title={state}>
                          {state}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <ConfirmedDelete
                          labels={{
                            remove: `Удалить документ ${document.fileName}`,
                            confirm: `Подтвердить удаление документа ${document.fileName}`,
                          }}
                          confirmTitle="Поиск перестанет находить текст документа"
                          confirming={deleting === document.id}
                          pending={remove.isPending}
                          onAsk={() => setDeleting(document.id)}
                          onConfirm={() => remove.mutate(document.id, { onSuccess: () => setDeleting(null) })}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
            <PageNav total={documents.data.meta.totalPages} value={page} onChange={setPage} label="Страницы документов" />
          </>
        ))}
    </Stack>
  );
}
