import { Badge, Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { catalogQueries } from '../../api/catalog-queries';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { firstPageOn } from '../../ui/first-page-on';
import { PageNav } from '../../ui/PageNav';
import { SearchSelect } from '../../ui/SearchSelect';
import { useSearchText } from '../../ui/use-search-text';
import { ArticleForm } from './ArticleForm';
import { ArticleVersions } from './ArticleVersions';
import { useArticles } from './kb-queries';
import {
  type Article,
  type ArticleStatus,
  type ArticleType,
  STATUS_COLOR,
  STATUS_OPTIONS,
  STATUS_TEXT,
  TYPE_OPTIONS,
  TYPE_TEXT,
} from './kb-text';

/** What is open beside the list: the form (a new article or one being changed), or an article's versions. */
type Open = { form: Article | null } | { versionsOf: Article } | null;

/** The cabinet's articles, recently changed first, with their filters; each one changed or its versions read. */
export function ArticlesSection({ mpAccountId }: { mpAccountId: string }) {
  const { search, ...typing } = useSearchText();
  const [type, setType] = useState<ArticleType | null>(null);
  const [brandId, setBrandId] = useState<string | null>(null);
  const [status, setStatus] = useState<ArticleStatus | null>(null);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Open>(null);
  const articles = useArticles(mpAccountId, {
    page,
    ...(type && { type }),
    ...(brandId && { brandId }),
    ...(status && { status }),
    ...(search && { q: search }),
  });
  const brands = useQuery(catalogQueries.brandChoices(mpAccountId, ''));
  const brandName = (id: string) => brands.data?.find((brand) => brand.value === id)?.label;
  const filtered = firstPageOn(setPage);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={3}>Статьи</Title>
        {!open && <Button onClick={() => setOpen({ form: null })}>Новая статья</Button>}
      </Group>
      {open && 'form' in open && (
        <ArticleForm
          key={open.form?.id ?? 'new'}
          mpAccountId={mpAccountId}
          editing={open.form}
          brandName={brandName}
          onDone={() => setOpen(null)}
        />
      )}
      {open && 'versionsOf' in open && (
        <ArticleVersions key={open.versionsOf.id} mpAccountId={mpAccountId} article={open.versionsOf} onClose={() => setOpen(null)} />
      )}
      <Group align="end">
        <TextInput
          label="Поиск по статьям"
          placeholder="Заголовок, текст или метка"
          value={typing.typed}
          onChange={(event) => {
            typing.setTyped(event.currentTarget.value);
            setPage(1);
          }}
          w={280}
        />
        <Select
          label="Тип"
          placeholder="Все типы"
          clearable
          data={TYPE_OPTIONS}
          value={type}
          onChange={filtered((value) => setType(value as ArticleType | null))}
        />
        <SearchSelect
          label="Бренд"
          placeholder="Все бренды"
          clearable
          options={(search) => catalogQueries.brandChoices(mpAccountId, search)}
          value={brandId}
          onChange={filtered(setBrandId)}
        />
        <Select
          label="Статус"
          placeholder="Все"
          clearable
          data={STATUS_OPTIONS}
          value={status}
          onChange={filtered((value) => setStatus(value as ArticleStatus | null))}
        />
      </Group>
      <ErrorNotice error={articles.error} />
      {articles.data &&
        (articles.data.items.length === 0 ? (
          <Text c="dimmed">Статей нет</Text>
        ) : (
          <>
            <Table striped aria-label="Статьи">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Заголовок</Table.Th>
                  <Table.Th>Тип</Table.Th>
                  <Table.Th>Бренд</Table.Th>
                  <Table.Th>Товары</Table.Th>
                  <Table.Th>Метки</Table.Th>
                  <Table.Th>Версия</Table.Th>
                  <Table.Th>Статус</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {articles.data.items.map((article) => (
                  <Table.Tr key={article.id}>
                    <Table.Td>{article.title}</Table.Td>
                    <Table.Td>{TYPE_TEXT[article.type]}</Table.Td>
                    <Table.Td>{article.brandId ? (brandName(article.brandId) ?? 'бренд') : 'весь кабинет'}</Table.Td>
                    <Table.Td>{article.nmIds.length > 0 ? article.nmIds.join(', ') : 'все'}</Table.Td>
                    <Table.Td>{article.tags.join(', ')}</Table.Td>
                    <Table.Td>{article.version}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOR[article.status]} variant="light">
                        {STATUS_TEXT[article.status]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => setOpen({ form: article })}
                          aria-label={`Изменить статью ${article.title}`}
                        >
                          Изменить
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          onClick={() => setOpen({ versionsOf: article })}
                          aria-label={`Версии статьи ${article.title}`}
                        >
                          Версии
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <PageNav total={articles.data.meta.totalPages} value={page} onChange={setPage} label="Страницы статей" />
          </>
        ))}
    </Stack>
  );
}
