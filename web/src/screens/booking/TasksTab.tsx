import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { counted, dateTime } from '@shared/format';
import { Fragment, useState } from 'react';

import { ErrorNotice } from '../../ui/ErrorNotice';
import { PageNav } from '../../ui/PageNav';
import { planTaskPrefill } from '../../ui/plan-task-link';
import { usePageWithin } from '../../ui/use-page-within';
import { type BookingTask, useCancelTask, usePauseTask, useResumeTask, useTasks } from './booking-queries';
import { TASK_STATUS_COLOR, TASK_STATUS_TEXT, taskTermsText } from './task-text';
import { TaskForm } from './TaskForm';
import { TaskMatches } from './TaskMatches';

const WAREHOUSE_WORDS = ['склад', 'склада', 'складов'] as const;
/** States in which a task may be paused, resumed or deleted. */
const PAUSABLE: BookingTask['status'][] = ['active', 'matched', 'source_unavailable'];

/** The account's slot-watch tasks: their state and terms, the slots each found, pause, resume and delete. */
export function TasksTab({ mpAccountId }: { mpAccountId: string }) {
  const [page, setPage] = useState(1);
  // A link from a replenishment plan opens the tab on a new task for the plan's lines.
  const [prefill, setPrefill] = useState(() => planTaskPrefill(window.location.search));
  const [creating, setCreating] = useState(prefill !== null);
  const [opened, setOpened] = useState<string>();
  const [deleting, setDeleting] = useState<string>();
  const tasks = useTasks(mpAccountId, page);
  usePageWithin(page, setPage, tasks.data?.meta.totalPages);
  const pause = usePauseTask(mpAccountId);
  const resume = useResumeTask(mpAccountId);
  const cancel = useCancelTask(mpAccountId);

  return (
    <Stack>
      {!creating && (
        <Button w="fit-content" onClick={() => setCreating(true)}>
          Новая задача
        </Button>
      )}
      {creating && (
        <TaskForm
          mpAccountId={mpAccountId}
          prefill={prefill}
          onDone={() => {
            setCreating(false);
            setPrefill(null);
          }}
        />
      )}
      <ErrorNotice error={tasks.error ?? pause.error ?? resume.error ?? cancel.error} />
      {tasks.data?.meta.total === 0 && <Text c="dimmed">Задач пока нет: создайте задачу, и сервис сообщит, когда появится слот</Text>}
      {tasks.data && tasks.data.items.length > 0 && (
        <Table aria-label="Задачи поиска слотов">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Состояние</Table.Th>
              <Table.Th>Условия</Table.Th>
              <Table.Th>Склады</Table.Th>
              <Table.Th>Создана</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tasks.data.items.map((task) => {
              const terms = taskTermsText(task);
              const shown = opened === task.id;
              return (
                <Fragment key={task.id}>
                  <Table.Tr>
                    <Table.Td>
                      <Badge color={TASK_STATUS_COLOR[task.status]} variant="light">
                        {TASK_STATUS_TEXT[task.status]}
                      </Badge>
                      {task.supplyId && (
                        <Text size="xs" c="dimmed">
                          поставка № {task.supplyId}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{terms}</Table.Td>
                    <Table.Td>{counted(task.warehouseIds.length, WAREHOUSE_WORDS)}</Table.Td>
                    <Table.Td>{dateTime(task.createdAt)}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => setOpened(shown ? undefined : task.id)}
                          aria-label={`Слоты задачи: ${terms}`}
                        >
                          {shown ? 'Скрыть слоты' : 'Слоты'}
                        </Button>
                        {PAUSABLE.includes(task.status) && (
                          <Button size="xs" variant="subtle" onClick={() => pause.mutate(task.id)} aria-label={`Пауза задачи: ${terms}`}>
                            Пауза
                          </Button>
                        )}
                        {task.status === 'paused' && (
                          <Button
                            size="xs"
                            variant="subtle"
                            onClick={() => resume.mutate(task.id)}
                            aria-label={`Продолжить задачу: ${terms}`}
                          >
                            Продолжить
                          </Button>
                        )}
                        {(PAUSABLE.includes(task.status) || task.status === 'paused') &&
                          (deleting === task.id ? (
                            <Button
                              size="xs"
                              color="red"
                              loading={cancel.isPending}
                              onClick={() => cancel.mutate(task.id)}
                              aria-label={`Подтвердить удаление задачи: ${terms}`}
                            >
                              Точно удалить
                            </Button>
                          ) : (
                            <Button
                              size="xs"
                              variant="subtle"
                              color="red"
                              onClick={() => setDeleting(task.id)}
                              aria-label={`Удалить задачу: ${terms}`}
                            >
                              Удалить
                            </Button>
                          ))}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                  {shown && (
                    <Table.Tr>
                      <Table.Td colSpan={5}>
                        <TaskMatches mpAccountId={mpAccountId} taskId={task.id} label={`Слоты задачи: ${terms}`} />
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {tasks.data && <PageNav total={tasks.data.meta.totalPages} value={page} onChange={setPage} label="Страницы задач" />}
    </Stack>
  );
}
