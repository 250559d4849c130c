import { Stack } from '@mantine/core';
import { useState } from 'react';

import type { components } from '../../api/schema';
import { AccountScreen } from '../../ui/AccountScreen';
import { ErrorNotice } from '../../ui/ErrorNotice';
import type { KpiCardSpec } from '../../ui/kpi-card-spec';
import { KpiCards } from '../../ui/KpiCards';
import { AuditSection } from './AuditSection';
import { useContentSummary } from './content-queries';
import { DraftsSection } from './DraftsSection';
import { DraftView } from './DraftView';

const SUMMARY_CARDS: KpiCardSpec<components['schemas']['ContentSummaryDto']>[] = [
  { indicator: 'cardsScored', label: 'Карточки с новыми текстами', unit: 'count', rise: 'good' },
  { indicator: 'avgScore', label: 'Средняя оценка до правок', unit: 'count', rise: 'neutral' },
  { indicator: 'drafts', label: 'Черновики', unit: 'count', rise: 'good' },
  { indicator: 'published', label: 'Опубликовано', unit: 'count', rise: 'good' },
  { indicator: 'rejectedByMp', label: 'Отклонено маркетплейсом', unit: 'count', rise: 'bad' },
  { indicator: 'avgScoreUplift', label: 'Средний прирост оценки', unit: 'count', rise: 'good' },
];

function Content({ mpAccountId }: { mpAccountId: string }) {
  const summary = useContentSummary(mpAccountId);
  const [draftId, setDraftId] = useState<string | null>(null);
  return (
    <Stack gap="lg">
      <ErrorNotice error={summary.error} />
      {summary.data && <KpiCards title="Тексты карточек за 30 дней" summary={summary.data} cards={SUMMARY_CARDS} />}
      {draftId && <DraftView key={draftId} mpAccountId={mpAccountId} id={draftId} onOpen={setDraftId} onClose={() => setDraftId(null)} />}
      <AuditSection mpAccountId={mpAccountId} onOpenDraft={setDraftId} />
      <DraftsSection mpAccountId={mpAccountId} onOpen={setDraftId} />
    </Stack>
  );
}

export default function ContentScreen() {
  return <AccountScreen title="Контент" noAccount="Подключите кабинет, чтобы работать с текстами карточек" content={Content} />;
}
