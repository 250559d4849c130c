/**
 * The feedback complaint reasons of the marketplace seller site (spec: Complaint rule; the UI default is inaccurate
 * information), each with the base text a complaint starts from (Reply rule 7).
 */
export const COMPLAINT_REASONS = [
  {
    code: 'inaccurate_information',
    label: 'Недостоверная информация о товаре',
    baseText:
      'Просим проверить этот отзыв. В нём приведены сведения о товаре, которые не соответствуют действительности и описанию карточки. Такой отзыв вводит других покупателей в заблуждение. Просим скрыть его или исключить из рейтинга товара.',
  },
  {
    code: 'not_about_product',
    label: 'Отзыв не о товаре',
    baseText:
      'Просим проверить этот отзыв. Он посвящён не самому товару, а обстоятельствам, которые от товара не зависят. Такой отзыв не помогает покупателям оценить товар. Просим скрыть его или исключить из рейтинга товара.',
  },
  {
    code: 'competitor',
    label: 'Отзыв оставил конкурент',
    baseText:
      'Просим проверить этот отзыв. По нашим наблюдениям, он оставлен не покупателем, а конкурентом с целью снизить рейтинг товара. Просим проверить историю покупок автора и скрыть отзыв, если покупка не подтвердится.',
  },
  {
    code: 'spam_ads',
    label: 'Спам или реклама',
    baseText:
      'Просим проверить этот отзыв. Он содержит рекламу или спам и не относится к опыту использования товара. Просим скрыть его в соответствии с правилами публикации отзывов.',
  },
  {
    code: 'obscene_language',
    label: 'Нецензурная лексика',
    baseText: 'Просим проверить этот отзыв. В нём есть нецензурная лексика, что нарушает правила публикации отзывов. Просим скрыть его.',
  },
  {
    code: 'threats_insults',
    label: 'Угрозы и оскорбления',
    baseText:
      'Просим проверить этот отзыв. В нём содержатся угрозы или оскорбления, что нарушает правила публикации отзывов. Просим скрыть его.',
  },
  {
    code: 'political',
    label: 'Политический контекст',
    baseText:
      'Просим проверить этот отзыв. Он содержит высказывания политического характера, не связанные с товаром. Просим скрыть его в соответствии с правилами публикации отзывов.',
  },
  {
    code: 'unrelated_photo',
    label: 'Фото не имеет отношения к товару',
    baseText:
      'Просим проверить этот отзыв. Приложенные к нему фотографии не имеют отношения к нашему товару. Просим скрыть отзыв или его фотографии.',
  },
  {
    code: 'other',
    label: 'Другое',
    baseText:
      'Просим проверить этот отзыв на соответствие правилам публикации отзывов. По нашему мнению, он их нарушает и не отражает реальный опыт использования товара. Просим рассмотреть возможность его скрыть.',
  },
] as const;

export type ComplaintReason = (typeof COMPLAINT_REASONS)[number]['code'];

export const COMPLAINT_REASON_CODES: readonly ComplaintReason[] = COMPLAINT_REASONS.map((reason) => reason.code);

export const DEFAULT_COMPLAINT_REASON: ComplaintReason = 'inaccurate_information';

/** The reason of a code; a stored code is always one of the list. */
export function complaintReason(code: string): (typeof COMPLAINT_REASONS)[number] {
  return COMPLAINT_REASONS.find((reason) => reason.code === code) ?? COMPLAINT_REASONS[COMPLAINT_REASONS.length - 1];
}
