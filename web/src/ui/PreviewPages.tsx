import { useState } from 'react';

import { PageNav } from './PageNav';
import { previewPage } from './preview-page';

/** A preview's page of `rows`: new rows start again from their first page. */
export function usePreviewPage<R extends { item?: unknown }>(rows: readonly R[]) {
  const [shown, setShown] = useState({ rows, page: 1 });
  const page = shown.rows === rows ? shown.page : 1;
  const { rows: pageRows, totalPages } = previewPage(rows, page);
  return { pageRows, page, totalPages, setPage: (next: number) => setShown({ rows, page: next }) };
}

/** The pages of an upload's preview. */
export function PreviewPageNav({ preview }: { preview: Pick<ReturnType<typeof usePreviewPage>, 'page' | 'totalPages' | 'setPage'> }) {
  return <PageNav total={preview.totalPages} value={preview.page} onChange={preview.setPage} label="Страницы предпросмотра" />;
}
