/** Spec: Inbox item. What a seller answers: a feedback or a question. */
export const INBOX_KINDS = ['feedback', 'question'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];
