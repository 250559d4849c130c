import { Alert, Anchor, Badge, Button, CopyButton, Group, Paper, Stack, Text } from '@mantine/core';
import { dateTime } from '@shared/format';

import type { components } from '../../../api/schema';
import { ErrorNotice } from '../../../ui/ErrorNotice';
import { ratingText } from '../../../ui/rating-text';

type Complaint = components['schemas']['ComplaintDto'];

const STATUS_TEXT: Record<Complaint['status'], string> = {
  draft: 'черновик',
  pending: 'готова к подаче',
  submitted: 'подана',
  dismissed: 'отклонена',
};

/** The feedback the complaint is about: its product, stars, date and the buyer's words. */
function ComplainedFeedback({ feedback }: { feedback: Complaint['feedback'] }) {
  return (
    <Paper bg="gray.0" p="sm" aria-label="Отзыв, на который жалоба">
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {feedback.productName} · nmID {feedback.nmId}
        </Text>
        <Group gap="xs">
          <Text c="orange" aria-label={`Оценка ${feedback.rating}`}>
            {ratingText(feedback.rating)}
          </Text>
          <Text size="xs" c="dimmed">
            {dateTime(feedback.createdAt)}
          </Text>
        </Group>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {feedback.text}
      </Text>
    </Paper>
  );
}

/**
 * A prepared complaint: the feedback it is about, its text to copy and the seller site's feedbacks screen to file it on (nothing is sent to the
 * marketplace from here), then «submitted» or «dismissed». A complaint on a feedback that tried to instruct the AI is marked.
 */
export function ComplaintCard({
  complaint,
  injection,
  pending,
  error,
  onClose,
}: {
  complaint: Complaint;
  /** Why the feedback looks like an attempt to instruct the AI, when it does. */
  injection: string | undefined;
  pending: boolean;
  /** The failure of this complaint's last submit or dismiss. */
  error: unknown;
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
        <ComplainedFeedback feedback={complaint.feedback} />
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
        <ErrorNotice error={error} />
      </Stack>
    </Paper>
  );
}
