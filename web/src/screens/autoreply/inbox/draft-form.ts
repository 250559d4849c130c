import { replyCheckFailures } from '@shared/autoreply/check/reply-check-reasons';

/** What the reply draft form holds: the text to publish. */
export interface DraftValues {
  text: string;
}

/** Spec: Reply check. The form's validate: a text the pre-publication check refuses is not sent (its first reason). */
export const draftFormErrors = ({ text }: DraftValues) => ({ text: replyCheckFailures(text)[0]?.message ?? null });

/** The form's transformValues: the seller's edit of the prepared text, or undefined when it is sent as prepared. */
export const editedText = (prepared: string, { text }: DraftValues): string | undefined => (text === prepared ? undefined : text);
