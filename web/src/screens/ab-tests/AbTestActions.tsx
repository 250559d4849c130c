import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { abTestTransition } from '@shared/ab-tests/ab-test-states';
import { useState } from 'react';

import { ErrorNotice } from '../../ui/ErrorNotice';
import { type AbTest, type AbTestAction, useAbTestAction } from './ab-tests-queries';

/** Each action: its button, the question that confirms it and what it does to the card. */
const ACTIONS: { action: AbTestAction; label: string; question: string; effect: string; color?: string }[] = [
  {
    action: 'start',
    label: 'Запустить',
    question: 'Запустить тест?',
    effect: 'Главное фото карточки начнёт меняться по очереди на изображения вариантов.',
  },
  {
    action: 'pause',
    label: 'Приостановить',
    question: 'Приостановить тест?',
    effect: 'Фото перестанет переключаться; показы до нового запуска не учитываются.',
  },
  {
    action: 'stop',
    label: 'Остановить',
    question: 'Остановить тест?',
    effect: 'Тест завершится с итогом по уже измеренным показам; продолжить его будет нельзя.',
    color: 'red',
  },
  {
    action: 'apply-winner',
    label: 'Применить победителя',
    question: 'Применить победителя?',
    effect: 'Главным фото карточки останется изображение варианта-победителя.',
    color: 'green',
  },
  {
    action: 'restore',
    label: 'Вернуть исходные фото',
    question: 'Вернуть исходные фото?',
    effect: 'Карточке вернутся фото, которые были у неё до теста.',
  },
];

/** Applying the winner needs one; every other action only a state that allows it. */
const allowed = (test: AbTest, action: AbTestAction) =>
  abTestTransition(test.state, action).allowed && (action !== 'apply-winner' || test.winner !== null);

/** The test's actions, each confirmed before it is sent, disabled where the test's state does not allow it. */
export function AbTestActions({ mpAccountId, test }: { mpAccountId: string; test: AbTest }) {
  const act = useAbTestAction(mpAccountId, test.id);
  const [asked, setAsked] = useState<(typeof ACTIONS)[number] | null>(null);
  const confirm = () => act.mutate(asked!.action, { onSettled: () => setAsked(null) });
  return (
    <Stack gap="xs">
      <Group gap="xs">
        {ACTIONS.map((item) => (
          <Button
            key={item.action}
            variant="light"
            color={item.color}
            disabled={!allowed(test, item.action)}
            onClick={() => {
              act.reset();
              setAsked(item);
            }}
          >
            {item.label}
          </Button>
        ))}
      </Group>
      <ErrorNotice error={act.error} />
      <Modal opened={asked !== null} onClose={() => setAsked(null)} title={asked?.question}>
        <Text mb="md">{asked?.effect}</Text>
        <Group justify="flex-end">
          <Button variant="subtle" onClick={() => setAsked(null)}>
            Отмена
          </Button>
          <Button color={asked?.color} loading={act.isPending} onClick={confirm}>
            {asked?.label}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
