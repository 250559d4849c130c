/** A piece of a text: exactly `text.slice(start, end)` of the text it was cut from. */
export interface TextChunk {
  start: number;
  end: number;
  text: string;
}

/** A chunk is filled with paragraphs up to about this many characters, and never grows past the maximum. */
export const CHUNK_TARGET = 800;
export const CHUNK_MAX = 1200;

interface Span {
  start: number;
  end: number;
}

const HEADING = /^ {0,3}#{1,6}\s/;

/** The paragraphs of a Markdown text: runs of non-blank lines, each without its surrounding whitespace. */
function paragraphs(body: string): Span[] {
  const spans: Span[] = [];
  const blank = /\n[ \t\r]*\n/g;
  let from = 0;
  for (let match = blank.exec(body); ; match = blank.exec(body)) {
    const to = match ? match.index : body.length;
    const piece = body.slice(from, to);
    const lead = piece.length - piece.trimStart().length;
    const trimmed = piece.trim();
    if (trimmed) spans.push({ start: from + lead, end: from + lead + trimmed.length });
    if (!match) return spans;
    from = match.index + match[0].length;
    // A run of blank lines: the next paragraph starts after the last of them.
    blank.lastIndex = from - 1;
  }
}

/** The last place at or before `limit` (and after `start`) where a span can be cut: after a sentence, else at a space. */
function cutPoint(body: string, start: number, limit: number): number {
  const window = body.slice(start, limit);
  const sentence = Math.max(window.lastIndexOf('. '), window.lastIndexOf('! '), window.lastIndexOf('? '), window.lastIndexOf('\n'));
  if (sentence > window.length / 2) return start + sentence + 1;
  const space = window.lastIndexOf(' ');
  return space > 0 ? start + space : limit;
}

/** A span longer than the maximum, cut into pieces of at most the maximum, each without surrounding whitespace. */
function split(body: string, span: Span): Span[] {
  const pieces: Span[] = [];
  let start = span.start;
  while (span.end - start > CHUNK_MAX) {
    const cut = cutPoint(body, start, start + CHUNK_MAX);
    pieces.push(trimmed(body, { start, end: cut }));
    start = cut;
    while (start < span.end && /\s/.test(body[start])) start++;
  }
  if (start < span.end) pieces.push({ start, end: span.end });
  return pieces.filter((piece) => piece.end > piece.start);
}

function trimmed(body: string, span: Span): Span {
  let { start, end } = span;
  while (start < end && /\s/.test(body[start])) start++;
  while (end > start && /\s/.test(body[end - 1])) end--;
  return { start, end };
}

/**
 * A Markdown body cut into chunks for search: whole paragraphs gathered up to CHUNK_TARGET characters and never past
 * CHUNK_MAX; a heading starts a new chunk; a paragraph longer than CHUNK_MAX is cut after a sentence or at a space.
 * Offsets are in UTF-16 code units of `body`, as JavaScript and the API count them.
 */
export function chunkText(body: string): TextChunk[] {
  const chunks: Span[] = [];
  let current: Span | undefined;
  for (const paragraph of paragraphs(body).flatMap((span) => split(body, span))) {
    const heading = HEADING.test(body.slice(paragraph.start, paragraph.end));
    const fits = current && paragraph.end - current.start <= CHUNK_MAX && current.end - current.start < CHUNK_TARGET;
    if (current && fits && !heading) {
      current.end = paragraph.end;
    } else {
      if (current) chunks.push(current);
      current = { ...paragraph };
    }
  }
  if (current) chunks.push(current);
  return chunks.map(({ start, end }) => ({ start, end, text: body.slice(start, end) }));
}
