import { Injectable } from '@nestjs/common';

import type { DataScope } from '../../../common/auth/data-scope';
import type { Page } from '../../../common/http/pagination.dto';
import type { InjectionSign } from '../../../shared/autoreply/check/reply-check';
import { KbChunksRepository } from '../chunks/kb-chunks.repository';
import { KB_SEARCH_LIMIT_DEFAULT, KbFlaggedChunkDto, KbFlaggedQueryDto, KbSearchRequestDto, KbSearchResponseDto } from './kb-search.dto';

/** Spec: Knowledge base, search over published articles and indexed documents, and the chunks left out of it. */
@Injectable()
export class KbSearchService {
  constructor(private readonly chunks: KbChunksRepository) {}

  async search(scope: DataScope, input: KbSearchRequestDto): Promise<KbSearchResponseDto> {
    const items = await this.chunks.search({
      scope,
      q: input.q,
      nmId: input.nmId,
      types: input.types,
      limit: input.limit ?? KB_SEARCH_LIMIT_DEFAULT,
    });
    return { items };
  }

  async flagged(scope: DataScope, query: KbFlaggedQueryDto): Promise<Page<KbFlaggedChunkDto>> {
    const page = await this.chunks.flaggedPage(scope, query);
    return {
      ...page,
      items: page.items.map((row) => ({
        id: row.id,
        sourceType: row.sourceType,
        sourceId: row.sourceId,
        version: row.version,
        title: row.title,
        text: row.text,
        startOffset: row.startOffset,
        endOffset: row.endOffset,
        signs: row.flagReason as InjectionSign[],
        createdAt: row.createdAt,
      })),
    };
  }
}
