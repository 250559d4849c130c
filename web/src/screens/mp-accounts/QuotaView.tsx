import { Progress, Stack, Text } from '@mantine/core';
import { moscowTime, number } from '@shared/format';
import { useQuery } from '@tanstack/react-query';

import { accountQueries } from '../../api/account-queries';
import { QUOTA_POLL_MS } from '../../api/poll';
import { ErrorNotice } from '../../ui/ErrorNotice';

function refillText(capacity: number, tokens: number, refillPerSecond: number, penaltyUntil: string | null): string {
  if (penaltyUntil && new Date(penaltyUntil) > new Date()) return `закрыта до ${moscowTime(penaltyUntil)}`;
  if (tokens >= capacity) return 'полная';
  const seconds = Math.ceil((capacity - tokens) / refillPerSecond);
  return `полная через ${seconds} с`;
}

/** A bucket by the marketplace's method in words; a path the service does not define by its scope and path. */
const bucketName = (bucket: { scope: string; path: string; label: string | null }) => bucket.label ?? `${bucket.scope} ${bucket.path}`;

/** The outbound rate buckets of an account as bars, named by the marketplace's method: tokens left of the capacity and when the bucket is full again. */
export function QuotaView({ mpAccountId }: { mpAccountId: string }) {
  const quota = useQuery({
    ...accountQueries.quota(mpAccountId),
    refetchInterval: QUOTA_POLL_MS,
  });
  if (quota.error) return <ErrorNotice error={quota.error} />;
  const buckets = quota.data?.buckets ?? [];
  if (quota.data && !buckets.length) return <Text c="dimmed">Кабинет ещё не обращался к маркетплейсу</Text>;
  return (
    <Stack gap="xs">
      {buckets.map((bucket) => (
        <div key={`${bucket.scope}${bucket.path}`}>
          <Text size="sm">
            {bucketName(bucket)}: {number(Math.floor(bucket.tokens))} из {number(bucket.capacity)},{' '}
            {refillText(bucket.capacity, bucket.tokens, bucket.refillPerSecond, bucket.penaltyUntil)}
          </Text>
          <Progress value={(bucket.tokens / bucket.capacity) * 100} aria-label={`Квота: ${bucketName(bucket)}`} />
        </div>
      ))}
    </Stack>
  );
}
