import { Stack } from '@mantine/core';

import { AccountScreen } from '../../ui/AccountScreen';
import { ArticlesSection } from './ArticlesSection';
import { DocumentsSection } from './DocumentsSection';
import { FlaggedList } from './FlaggedList';
import { KbSearch } from './KbSearch';

function KnowledgeBase({ mpAccountId }: { mpAccountId: string }) {
  return (
    <Stack gap="xl">
      <ArticlesSection mpAccountId={mpAccountId} />
      <DocumentsSection mpAccountId={mpAccountId} />
      <KbSearch mpAccountId={mpAccountId} />
      <FlaggedList mpAccountId={mpAccountId} />
    </Stack>
  );
}

export default function KnowledgeBaseScreen() {
  return <AccountScreen title="База знаний" noAccount="Подключите кабинет, чтобы вести базу знаний" content={KnowledgeBase} />;
}
