import { Button, Card, FileButton, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

import { ApiError } from '../../api/api-error';
import { variantName } from './ab-test-text';
import { type UploadedImage, useUploadImage } from './ab-tests-queries';

/** One chosen file: being uploaded, uploaded (its image), or refused by the service (its message). */
type Upload = { key: number; name: string } & (
  { state: 'uploading' } | { state: 'done'; image: UploadedImage } | { state: 'failed'; message: string }
);
type Uploaded = Extract<Upload, { state: 'done' }>;

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/bmp';

const failureText = (error: unknown) => (error instanceof ApiError ? error.message : 'Не удалось загрузить изображение. Повторите попытку');

let nextKey = 0;

/**
 * The variants' images: each chosen file is uploaded at once and shown from its public address, or with the service's
 * reason for refusing it; `onChange` (a stable function) gets the uploaded images' ids in the variants' order.
 */
export function ImageUploads({
  mpAccountId,
  max,
  error,
  onChange,
}: {
  mpAccountId: string;
  max: number;
  error?: string;
  onChange: (imageIds: string[]) => void;
}) {
  const upload = useUploadImage(mpAccountId);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const uploaded = uploads.filter((item): item is Uploaded => item.state === 'done');

  const imageIds = uploaded.map((item) => item.image.id).join(',');
  useEffect(() => onChange(imageIds ? imageIds.split(',') : []), [imageIds, onChange]);
  const change = setUploads;

  const add = (files: File[]) => {
    for (const file of files) {
      const key = nextKey++;
      change((items) => [...items, { key, name: file.name, state: 'uploading' }]);
      upload.mutateAsync(file).then(
        (image) => change((items) => items.map((item) => (item.key === key ? { key, name: file.name, state: 'done', image } : item))),
        (failure: unknown) =>
          change((items) =>
            items.map((item) => (item.key === key ? { key, name: file.name, state: 'failed', message: failureText(failure) } : item)),
          ),
      );
    }
  };
  const remove = (key: number) => change((items) => items.filter((item) => item.key !== key));

  let variant = 0;
  return (
    <Stack gap="xs">
      <Group>
        <Text fw={500} size="sm">
          Изображения вариантов: от 2 до {max}, не меньше 700 × 900 пикселей
        </Text>
        <FileButton onChange={add} accept={ACCEPT} multiple disabled={uploaded.length >= max}>
          {(props) => (
            <Button {...props} variant="light" size="xs">
              Загрузить изображения
            </Button>
          )}
        </FileButton>
      </Group>
      {error && (
        <Text size="sm" c="red.8">
          {error}
        </Text>
      )}
      <SimpleGrid cols={{ base: 2, sm: 4, lg: 5 }} aria-label="Изображения вариантов">
        {uploads.map((item) => {
          const label = item.state === 'done' ? variantName(variant++) : item.name;
          return (
            <Card key={item.key} withBorder padding="xs" role="group" aria-label={label}>
              {item.state === 'done' && <Image src={item.image.publicUrl} alt={label} h={160} fit="contain" />}
              <Text size="sm" fw={500}>
                {label}
              </Text>
              {item.state === 'uploading' && <Text size="xs">Загружается…</Text>}
              {item.state === 'done' && (
                <Text size="xs" c="dimmed">
                  {item.image.width} × {item.image.height}
                </Text>
              )}
              {item.state === 'failed' && (
                <Text size="xs" c="red.8" role="alert">
                  {item.message}
                </Text>
              )}
              {item.state !== 'uploading' && (
                <Button size="compact-xs" variant="subtle" color="red" onClick={() => remove(item.key)} aria-label={`Убрать ${label}`}>
                  Убрать
                </Button>
              )}
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
