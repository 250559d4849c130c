import { injectionSigns } from '../../../shared/autoreply/check/reply-check';
import { chunkText } from './kb-chunker';
import type { KbChunkValues } from './kb-chunks.repository';

/**
 * The chunks of an article version's body or a document's text as stored: the text cut by chunkText, each flagged with
 * the signs of instructions aimed at a model that it or the title shows (the same detector as for buyers' texts), so
 * that it is never searched nor quoted.
 */
export function sourceChunks(title: string, body: string): KbChunkValues[] {
  return chunkText(body).map((chunk) => {
    const signs = injectionSigns(`${title}\n${chunk.text}`);
    return { text: chunk.text, startOffset: chunk.start, endOffset: chunk.end, flagged: signs.length > 0, flagReason: signs };
  });
}
