import type { CatalogShape } from './generator/catalog';
import { Answer, indexOfId, itemAt, TextItem, TextStream } from './generator/feedbacks';
import { DAY_MS } from './moscow-time';

/** A seller's feedbacks or questions with the answers and flags that writes set. */
export class SellerTexts {
  private readonly answers = new Map<string, Answer>();
  private readonly viewed = new Set<string>();
  private readonly rejected = new Set<string>();

  constructor(
    readonly stream: TextStream,
    private readonly shape: CatalogShape,
  ) {}

  items(): TextItem[] {
    return Array.from({ length: this.stream.count }, (_, k) => itemAt(this.stream, this.shape, k));
  }

  find(id: string): TextItem | null {
    const k = indexOfId(this.stream, id);
    return k === null ? null : itemAt(this.stream, this.shape, k);
  }

  answerOf(item: TextItem): Answer | null {
    const written = this.answers.get(item.id);
    if (written) return written;
    return item.answeredAtStart
      ? { text: 'Спасибо за отзыв! Рады, что покупка понравилась.', state: 'wbRu', editable: false, createdMs: item.createdMs + DAY_MS }
      : null;
  }

  isAnswered(item: TextItem): boolean {
    return this.answerOf(item) !== null || this.rejected.has(item.id);
  }

  flags(item: TextItem): { wasViewed: boolean; rejected: boolean } {
    return { wasViewed: this.viewed.has(item.id), rejected: this.rejected.has(item.id) };
  }

  /** A first answer, or one edit of an editable answer; false when the answer may not change any more. */
  answer(item: TextItem, text: string, nowMs = Date.now()): boolean {
    const current = this.answerOf(item);
    if (current && !current.editable) return false;
    this.answers.set(item.id, { text, state: 'wbRu', editable: current === null, createdMs: nowMs });
    return true;
  }

  markViewed(item: TextItem): void {
    this.viewed.add(item.id);
  }

  reject(item: TextItem): void {
    this.rejected.add(item.id);
  }
}
