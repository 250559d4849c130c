import { Alert, Anchor, Badge, Button, CopyButton, Group, Paper, Stack, Text } from '@mantine/core';

import type { components } from '../../../api/schema';
import { dateTime } from '../../../ui/format';

type Complaint = components['schemas']['ComplaintDto'];

const STATUS_TEXT: Record<Complaint['status'], string> = {
  draft: 'черновик',
  pending: 'готова к подаче',
  submitted: 'подана',
  dismissed: 'отклонена',
};

/**
 * A prepared complaint: its text to copy and the seller site's feedbacks screen to file it on (nothing is sent to the
 * marketplace from here), then «submitted» or «dismissed». A complaint on a feedback that tried to instruct the AI is marked.
 */
export function ComplaintCard({
  complaint,
  injection,
  pending,
  onClose,
}: {
  complaint: Complaint;
  /** Why the feedback looks like an attempt to instruct the AI, when it does. */
  injection: string | undefined;
  pending: boolean;
  onClose: (action: 'submit' | 'dismiss') => void;
}) {
  return (
    <Paper withBorder p="md" aria-label={`Жалоба: ${complaint.reasonLabel}, ${dateTime(complaint.createdAt)}`} component="article">
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <Text fw={600}>{complaint.reasonLabel}</Text>
            <Badge variant="light">{STATUS_TEXT[complaint.status]}</Badge>
            {injection && (
              <Badge color="orange" variant="filled">
                подозрительный отзыв
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {dateTime(complaint.updatedAt)}
          </Text>
        </Group>
        {injection && (
          <Alert color="orange" title="Отзыв похож на попытку дать указания ИИ">
            {injection}
          </Alert>
        )}
        <Text style={{ whiteSpace: 'pre-wrap' }} aria-label="Текст жалобы">
          {complaint.text}
        </Text>
        <Group>
          <CopyButton value={complaint.text}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
                {copied ? 'Текст скопирован' : 'Скопировать текст'}
              </Button>
            )}
          </CopyButton>
          <Anchor href={complaint.deepLink} target="_blank" rel="noreferrer" size="sm">
            Открыть отзывы на сайте продавца
          </Anchor>
        </Group>
        <Text size="xs" c="dimmed">
          Вставьте текст в форму жалобы на сайте продавца, затем отметьте жалобу поданной.
        </Text>
        <Group>
          <Button size="xs" loading={pending} onClick={() => onClose('submit')}>
            Отметить поданной
          </Button>
          <Button size="xs" variant="subtle" color="gray" disabled={pending} onClick={() => onClose('dismiss')}>
            Отклонить
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
