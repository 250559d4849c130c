import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { day, NO_VALUE, roublesToKopeck } from '@shared/format';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';

import { type CostUploadResult, unknownNmIds, useSendCosts } from '../api/cost-queries';
import { checkCostLines, costLines, type CostRow } from './cost-file';
import { ErrorNotice } from './ErrorNotice';
import { FileLinesPreview } from './FileLinesPreview';
import { moscowToday } from './moscow-days';
import { readTableFile } from './table-file';
import { TableFileInput } from './TableFileInput';
import { UploadSummary, type UploadSummaryLabels } from './UploadSummary';

const SUMMARY_LABELS: UploadSummaryLabels = { valid: 'Будут сохранены', invalid: 'С ошибками, не сохраняются', confirm: 'Сохранить' };

function CostPreview({ rows }: { rows: CostRow[] }) {
  return (
    <FileLinesPreview
      label="Предпросмотр себестоимости"
      rows={rows}
      columns={['Себестоимость', 'С какого дня']}
      cells={(item) => [item ? roublesToKopeck(item.costPrice) : NO_VALUE, item ? day(item.validFrom) : NO_VALUE]}
      accepted="Будет сохранена"
    />
  );
}

/** What an upload saved; a refusal with the file's lines of the cards the catalog does not have. */
function UploadResult({ result, rows }: { result: CostUploadResult; rows: CostRow[] }) {
  const unknown = new Set(unknownNmIds(result.error));
  const unknownLines = rows.filter((row) => row.item && unknown.has(row.item.nmId)).map((row) => row.line);
  return (
    <Stack>
      <Alert color={result.error ? 'yellow' : 'green'} title={`Сохранено: ${result.saved} из ${result.total}`}>
        {!!result.error && 'Сохранение остановлено: следующие строки не сохранены'}
      </Alert>
      <ErrorNotice error={result.error} />
      {unknown.size > 0 && (
        <Text c="red.8">
          Нет в каталоге кабинета: {[...unknown].join(', ')} (строки {unknownLines.join(', ')})
        </Text>
      )}
    </Stack>
  );
}

/** A CSV or XLSX file of cost prices read and checked line by line, previewed, then saved in parts of 1 000. */
function CostUploadForm({ mpAccountId }: { mpAccountId: string }) {
  const read = useMutation({ mutationFn: async (file: File) => checkCostLines(costLines(await readTableFile(file)), moscowToday()) });
  const send = useSendCosts(mpAccountId);
  const rows = read.data;
  return (
    <Stack>
      <Text size="sm">
        Первая строка файла — названия столбцов: nmID, costPrice (или «себестоимость»), validFrom (или «дата»). Себестоимость — рубли с
        копейками, дата — ГГГГ-ММ-ДД или ДД.ММ.ГГГГ (пустая — сегодня по Москве).
      </Text>
      <TableFileInput read={read} onChange={send.reset} />
      {rows && (
        <>
          <UploadSummary rows={rows} labels={SUMMARY_LABELS} send={send}>
            {send.data && <UploadResult result={send.data} rows={rows} />}
          </UploadSummary>
          <CostPreview rows={rows} />
        </>
      )}
    </Stack>
  );
}

/** «Загрузить себестоимость»: the button and the upload's window. */
export function CostUpload({ mpAccountId }: { mpAccountId: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        Загрузить себестоимость
      </Button>
      {opened && (
        <Modal opened onClose={() => setOpened(false)} title="Загрузка себестоимости" size="xl">
          <CostUploadForm mpAccountId={mpAccountId} />
        </Modal>
      )}
    </>
  );
}
