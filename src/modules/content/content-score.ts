import type { ContentIssue, ContentScoreContext, ContentTexts } from '../../database/schema';
import type { ReplyCheckRule } from '../../shared/autoreply/check/reply-check';
import { lowerCase } from '../../shared/text/lower-case';
import { checkFindings } from './content-check-memo';

/** Reference 15.1: a title of at most 60 characters; a longer one is never sent. */
export const TITLE_MAX = 60;
/** A title this long or longer uses the room a buyer's search sees. */
const TITLE_GOOD = 40;
/** Reference 15.1: the description's bounds depend on the category, between 1000 and 5000; 2000 where unknown. */
export const DEFAULT_DESCRIPTION_BOUNDS = { min: 1000, max: 2000 };
/** Search phrases the keyword coverage counts, most frequent first. */
const KEYWORDS_COUNTED = 10;

/** Claims a card may make only when a knowledge-base fact says so; written with е, as they are matched with ё folded to е. */
export const CLAIM_WORDS: readonly string[] = [
  'лучший',
  'лучшая',
  'лучшее',
  'лучшие',
  '№1',
  'номер один',
  'гарантия 100%',
  '100% гарантия',
  'самый дешевый',
  'лидер продаж',
  'вечная гарантия',
];

/** The points of each part of the score; without search phrases the coverage part is left out and the rest scaled to 100. */
export const SCORE_POINTS = { titleLength: 20, keywordCoverage: 30, descriptionLength: 30, cleanText: 20 } as const;
/** A forbidden word or a finding of the pre-publication check takes this many of the clean-text points. */
const FINDING_COST = 10;

/** The pre-publication check's findings in the seller's words (its length rule is the score's own). */
const CHECK_REASONS: Partial<Record<ReplyCheckRule, string>> = {
  noLinks: 'ссылка или адрес сайта',
  noEmails: 'адрес электронной почты',
  noPhones: 'номер телефона',
  noContacts: 'мессенджер, соцсеть или приглашение связаться вне маркетплейса',
  noInstructions: 'следы инструкций ИИ-сервиса',
  noPlaceholders: 'незаполненное поле шаблона',
  noMarkdown: 'разметка, которую маркетплейс покажет знаками',
  noBidiControls: 'управляющие символы направления текста',
};

export interface ContentScoreInput {
  texts: Pick<ContentTexts, 'title' | 'description'>;
  /** Search phrases, most frequent first; none: the coverage is not scored. */
  keywords: readonly string[];
  context: ContentScoreContext;
}

export interface ContentScore {
  score: number;
  issues: ContentIssue[];
}

/** The characters of a text as the marketplace counts them: code points, a surrogate pair being one. */
function characterCount(text: string): number {
  let pairs = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code >= 0xd800 && code <= 0xdbff) pairs++;
  }
  return text.length - pairs;
}

const folded = (text: string) => lowerCase(text).replaceAll('ё', 'е');

const WORD_CHARACTER = /[\p{L}\p{N}]/u;
const isWordCharacter = (character: string | undefined) => character !== undefined && WORD_CHARACTER.test(character);

/**
 * Whether the folded `needle` stands in the folded `haystack` starting a word (not inside a longer one) and, when
 * `wholeWords`, ending one too. A needle that starts or ends with a sign (№1, 100%) needs no boundary on that side.
 */
function occurs(haystack: string, needle: string, wholeWords: boolean): boolean {
  if (needle === '') return false;
  const first = isWordCharacter(needle[0]);
  const last = isWordCharacter(needle[needle.length - 1]);
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    const startsWord = !first || !isWordCharacter(haystack[at - 1]);
    const endsWord = !wholeWords || !last || !isWordCharacter(haystack[at + needle.length]);
    if (startsWord && endsWord) return true;
  }
  return false;
}

/** Claims folded once: every card's texts are searched for each. */
const FOLDED_CLAIMS = CLAIM_WORDS.map((claim) => ({ claim, needle: folded(claim) }));

/**
 * A phrase is covered when each of its words of 3 letters or more stands in the folded text in some form: a word of the
 * text starts with its stem (the word less its last two letters, at least four), as Russian endings vary («хлопок»,
 * «хлопка»).
 */
function covers(haystack: string, phrase: string): boolean {
  const stems = (folded(phrase).match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((word) => word.length >= 3)
    .map((word) => word.slice(0, Math.max(4, word.length - 2)));
  return stems.length > 0 && stems.every((stem) => occurs(haystack, stem, false));
}

function titlePoints(title: string): number {
  const length = characterCount(title.trim());
  if (length === 0 || length > TITLE_MAX) return 0;
  return SCORE_POINTS.titleLength * Math.min(1, length / TITLE_GOOD);
}

function descriptionPoints(length: number, bounds: { min: number; max: number }): number {
  if (length > bounds.max) return 0;
  return SCORE_POINTS.descriptionLength * Math.min(1, length / bounds.min);
}

/**
 * The score of a card's texts, 0..100, and what keeps it down. A pure function of the texts and the context:
 * - title length (20): full from 40 characters; none when empty or over 60, which is also an error (never sent);
 * - keyword coverage (30): the share of the top 10 search phrases whose words all stand in the title or description;
 *   without search phrases this part is left out and the others are scaled to 100;
 * - description length (30): full within the category's bounds, in proportion below the minimum (a warning), none over
 *   the maximum (an error);
 * - clean text (20): each competitor's brand (an error), claim not backed by a knowledge-base fact (a warning) and
 *   finding of the pre-publication check (links, contacts, instructions...: an error) in the title or description
 *   takes 10.
 */
export function scoreContent({ texts, keywords, context }: ContentScoreInput): ContentScore {
  const issues: ContentIssue[] = [];
  const title = texts.title.trim();
  const description = texts.description.trim();
  const titleLength = characterCount(title);
  const descriptionLength = characterCount(description);
  const { min, max } = context.descriptionBounds;
  if (titleLength === 0) issues.push({ field: 'title', message: 'Название пустое', severity: 'error' });
  if (titleLength > TITLE_MAX)
    issues.push({
      field: 'title',
      message: `Название длиннее ${TITLE_MAX} символов (${titleLength}): его нельзя отправить`,
      severity: 'error',
    });
  else if (titleLength > 0 && titleLength < TITLE_GOOD)
    issues.push({ field: 'title', message: `Название короче ${TITLE_GOOD} символов: в поиске видна не вся строка`, severity: 'info' });
  if (descriptionLength > max)
    issues.push({ field: 'description', message: `Описание длиннее ${max} символов (${descriptionLength})`, severity: 'error' });
  else if (descriptionLength < min)
    issues.push({ field: 'description', message: `Описание короче ${min} символов (${descriptionLength})`, severity: 'warning' });

  const counted = keywords.slice(0, KEYWORDS_COUNTED);
  const foldedTitle = folded(title);
  const foldedDescription = folded(description);
  const foldedTexts = `${foldedTitle}\n${foldedDescription}`;
  const missing = counted.filter((keyword) => !covers(foldedTexts, keyword));
  if (missing.length > 0)
    issues.push({ field: 'keywords', message: `Не упомянуты поисковые запросы: ${missing.join(', ')}`, severity: 'info' });

  let findings = 0;
  const facts = context.factTexts.map(folded);
  const brands = context.competitorBrands.map((brand) => ({ brand, needle: folded(brand.trim()) }));
  for (const [field, text, haystack] of [
    ['title', title, foldedTitle],
    ['description', description, foldedDescription],
  ] as const) {
    for (const { brand, needle } of brands)
      if (occurs(haystack, needle, true)) {
        findings++;
        issues.push({ field, message: `Бренд конкурента: ${brand}`, severity: 'error' });
      }
    for (const { claim, needle } of FOLDED_CLAIMS)
      if (occurs(haystack, needle, true) && !facts.some((fact) => occurs(fact, needle, true))) {
        findings++;
        issues.push({ field, message: `Утверждение без подтверждения в базе знаний: «${claim}»`, severity: 'warning' });
      }
    for (const rule of text === '' ? [] : checkFindings(text)) {
      const reason = CHECK_REASONS[rule];
      if (!reason) continue;
      findings++;
      issues.push({ field, message: `Проверка перед публикацией: ${reason}`, severity: 'error' });
    }
  }

  const points =
    titlePoints(title) +
    descriptionPoints(descriptionLength, context.descriptionBounds) +
    Math.max(0, SCORE_POINTS.cleanText - FINDING_COST * findings) +
    (counted.length === 0 ? 0 : (SCORE_POINTS.keywordCoverage * (counted.length - missing.length)) / counted.length);
  const outOf = 100 - (counted.length === 0 ? SCORE_POINTS.keywordCoverage : 0);
  return { score: Math.round((points * 100) / outOf), issues };
}

/** Whether any issue keeps the texts from being sent. */
export function hasBlockingIssue(issues: readonly ContentIssue[]): boolean {
  return issues.some((issue) => issue.severity === 'error');
}
