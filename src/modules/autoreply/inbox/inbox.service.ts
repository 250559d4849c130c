import { Injectable } from '@nestjs/common';

import type { DataScope } from '../../../common/auth/data-scope';
import type { Page } from '../../../common/http/pagination.dto';
import { InboxItemDto, InboxListQueryDto } from './inbox.dto';
import { InboxEntry, InboxLabel, InboxRepository } from './inbox.repository';

function labelOf({ item, draft }: InboxEntry): InboxLabel {
  if (item.answerText !== null || draft?.status === 'sent') return 'answered';
  return draft?.status === 'error' ? 'skipped' : 'waiting';
}

function inboxItem(entry: InboxEntry): InboxItemDto {
  const { item: row, draft } = entry;
  return {
    feedbackId: row.id,
    kind: row.kind,
    rating: row.rating,
    text: row.text,
    pros: row.pros,
    cons: row.cons,
    nmId: row.nmId,
    productName: row.productName,
    brand: row.brand,
    supplierArticle: row.supplierArticle,
    createdAt: row.createdAt,
    label: labelOf(entry),
    answerText: row.answerText,
    draft: draft && {
      id: draft.id,
      status: draft.status,
      text: draft.text,
      source: draft.source,
      scenarioId: draft.scenarioId,
      note: draft.note,
      scheduledAt: draft.scheduledAt,
      updatedAt: draft.updatedAt,
    },
  };
}

/** The inbox: feedbacks and questions of an account as the last sync left them. */
@Injectable()
export class InboxService {
  constructor(private readonly repository: InboxRepository) {}

  async list(scope: DataScope, query: InboxListQueryDto): Promise<Page<InboxItemDto>> {
    const page = await this.repository.findPage({ ...query, accountId: scope.accountId });
    return { ...page, items: page.items.map(inboxItem) };
  }
}
