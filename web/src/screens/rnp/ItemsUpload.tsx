import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';

import { unknownNmIds } from '../../api/cost-queries';
import { FileLinesPreview } from '../../ui/FileLinesPreview';
import { readTableFile } from '../../ui/table-file';
import { TableFileInput } from '../../ui/TableFileInput';
import { UploadSummary, type UploadSummaryLabels } from '../../ui/UploadSummary';
import { checkItemLines, ITEM_COLUMNS_HELP, itemLines, type ItemRow } from './items-file';
import { planText } from './pulse-text';
import { useAddItems } from './rnp-queries';

const SUMMARY_LABELS: UploadSummaryLabels = {
  valid: 'Будут добавлены',
  invalid: 'С ошибками, не добавляются',
  confirm: 'Добавить в список',
};

function ItemsPreview({ rows }: { rows: ItemRow[] }) {
  return (
    <FileLinesPreview
      label="Предпросмотр товаров списка"
      rows={rows}
      columns={['План']}
      cells={(item) => [item && planText(item)]}
      accepted="Будет добавлен"
    />
  );
}

/** A CSV or XLSX file of nmIDs with their plans, read and checked line by line, previewed, then added at once. */
function ItemsUploadForm({ mpAccountId, listId }: { mpAccountId: string; listId: string }) {
  const read = useMutation({ mutationFn: async (file: File) => checkItemLines(itemLines(await readTableFile(file))) });
  const add = useAddItems(mpAccountId, listId);
  const rows = read.data;
  const unknown = unknownNmIds(add.error);
  return (
    <Stack>
      <Text size="sm">
        Первая строка файла — названия столбцов: {ITEM_COLUMNS_HELP}. Статус — распродажа, акция, наблюдение (если пусто), завершено или
        пауза; даты — ГГГГ-ММ-ДД или ДД.ММ.ГГГГ. До 1000 товаров в файле.
      </Text>
      <TableFileInput read={read} onChange={add.reset} />
      {rows && (
        <>
          <UploadSummary rows={rows} labels={SUMMARY_LABELS} send={add}>
            {add.data && <Alert color="green" title={`Добавлено или обновлено товаров: ${add.data.saved}`} />}
            {unknown.length > 0 && <Text c="red.8">Нет в каталоге кабинета: {unknown.join(', ')}. Ничего не добавлено</Text>}
          </UploadSummary>
          <ItemsPreview rows={rows} />
        </>
      )}
    </Stack>
  );
}

/** «Загрузить файл»: the button and the upload's window. */
export function ItemsUpload({ mpAccountId, listId }: { mpAccountId: string; listId: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)} w="fit-content">
        Загрузить товары из файла
      </Button>
      {opened && (
        <Modal opened onClose={() => setOpened(false)} title="Товары списка из файла" size="xl">
          <ItemsUploadForm mpAccountId={mpAccountId} listId={listId} />
        </Modal>
      )}
    </>
  );
}
