import { describe, expect, it } from 'vitest';

import { ReplyCheckRule } from './reply-check';
import { replyCheckFailures } from './reply-check-reasons';

describe('replyCheckFailures (spec, Reply rule 4)', () => {
  it.each<[string, [ReplyCheckRule, string][]]>([
    ['Спасибо за отзыв!', []],
    ['Спасибо! Звоните 8 (916) 123-45-67', [['noPhones', 'В ответе номер телефона']]],
    ['Подробнее на shop.ru', [['noLinks', 'В ответе ссылка или адрес сайта']]],
    ['Пишите: ivan собака yandex', [['noEmails', 'В ответе адрес электронной почты']]],
    ['Пишите в телеграм @shop_support', [['noContacts', 'В ответе мессенджер, соцсеть или приглашение связаться вне маркетплейса']]],
    ['Как языковая модель, благодарю вас', [['noInstructions', 'В ответе следы инструкций ИИ-сервиса']]],
    ['Спасибо, {{ name }}!', [['noPlaceholders', 'В ответе незаполненное поле шаблона']]],
    ['**Спасибо** за отзыв', [['noMarkdown', 'В ответе разметка, которую маркетплейс покажет знаками']]],
    ['Спасибо\u202e за отзыв', [['noBidiControls', 'В ответе управляющие символы направления текста']]],
    ['!', [['length', 'Длина ответа должна быть от 2 до 2000 символов']]],
    ['а'.repeat(2001), [['length', 'Длина ответа должна быть от 2 до 2000 символов']]],
    [
      'Звоните 89161234567 или пишите на ivan@mail.ru',
      [
        ['noLinks', 'В ответе ссылка или адрес сайта'],
        ['noEmails', 'В ответе адрес электронной почты'],
        ['noPhones', 'В ответе номер телефона'],
      ],
    ],
  ])('%s', (text, failures) => {
    expect(replyCheckFailures(text)).toEqual(failures.map(([rule, message]) => ({ rule, message })));
  });
});
