import { Button, Group, Image, Table, Text } from '@mantine/core';

import { useProducts } from '../../api/catalog-queries';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { ProductSearchInput } from '../../ui/ProductSearchInput';
import { useSearchText } from '../../ui/use-search-text';

/** Cards a search shows to choose from. */
const FOUND = 5;

type Product = { nmId: number; title: string; vendorCode: string; photo: string | null };

/** The card of the test: found in the cabinet's catalog by title, article or nmID, then chosen; shown once chosen. */
export function CardChoice({
  mpAccountId,
  chosen,
  error,
  onChoose,
}: {
  mpAccountId: string;
  chosen: Product | null;
  error?: string;
  onChoose: (product: Product | null) => void;
}) {
  const typing = useSearchText();
  const found = useProducts({ mpAccountId, limit: FOUND, ...(typing.search && { q: typing.search }) });
  if (chosen)
    return (
      <Group>
        <Text>
          Карточка: {chosen.title} · {chosen.vendorCode} · {chosen.nmId}
        </Text>
        <Button size="xs" variant="subtle" onClick={() => onChoose(null)}>
          Выбрать другую
        </Button>
      </Group>
    );
  return (
    <div>
      <ProductSearchInput typing={typing} onType={() => undefined} />
      {error && (
        <Text size="sm" c="red.8">
          {error}
        </Text>
      )}
      <ErrorNotice error={found.error} />
      {found.data && !found.data.items.length && <Text c="dimmed">Ничего не найдено</Text>}
      {found.data && found.data.items.length > 0 && (
        <Table aria-label="Найденные карточки">
          <Table.Tbody>
            {found.data.items.map((product) => (
              <Table.Tr key={product.nmId}>
                <Table.Td w={56}>{product.photo && <Image src={product.photo} alt="" h={40} w={40} fit="contain" />}</Table.Td>
                <Table.Td>{product.title}</Table.Td>
                <Table.Td>
                  {product.vendorCode} · {product.nmId}
                </Table.Td>
                <Table.Td>
                  <Button size="xs" variant="light" onClick={() => onChoose(product)} aria-label={`Выбрать карточку ${product.nmId}`}>
                    Выбрать
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </div>
  );
}
