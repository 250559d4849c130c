import type { ValidationDetail } from '../errors/app-error';

/** Deeper input than any DTO has; walking it further would only serve an attack. */
const MAX_DEPTH = 16;

/** A UTF-16 surrogate without its pair: not valid Unicode, PostgreSQL cannot store it and validators throw on it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function textErrors(text: string): string[] {
  return [...(text.includes('\u0000') ? ['noNullCharacter'] : []), ...(LONE_SURROGATE.test(text) ? ['isWellFormed'] : [])];
}

/**
 * Every string of an input (body, query, path parameter), however nested, must be text PostgreSQL can store: no NUL
 * character, no lone surrogate. Checked once here, before any validator reads it; walked without recursion so that
 * deep nesting cannot overflow the stack.
 */
export function storableTextErrors(input: unknown, rootField: string): ValidationDetail[] {
  const details: ValidationDetail[] = [];
  const pending: { value: unknown; field: string; depth: number }[] = [{ value: input, field: rootField, depth: 0 }];
  while (pending.length > 0) {
    const { value, field, depth } = pending.pop()!;
    if (typeof value === 'string') {
      const errors = textErrors(value);
      if (errors.length > 0) details.push({ field, errors });
    } else if (typeof value === 'object' && value !== null) {
      if (depth >= MAX_DEPTH) {
        details.push({ field, errors: ['maxDepth'] });
        continue;
      }
      for (const [key, child] of Object.entries(value)) {
        pending.push({ value: child, field: field ? `${field}.${key}` : key, depth: depth + 1 });
      }
    }
  }
  return details.reverse();
}
