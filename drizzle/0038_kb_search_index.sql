CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "kb_chunks_account_idx";--> statement-breakpoint
DROP INDEX "kb_chunks_tsv_idx";--> statement-breakpoint
DROP INDEX "kb_words_word_trgm_idx";--> statement-breakpoint
CREATE INDEX "kb_chunks_search_idx" ON "kb_chunks" USING gin ("mp_account_id","tsv");--> statement-breakpoint
CREATE INDEX "kb_chunks_flagged_idx" ON "kb_chunks" USING btree ("mp_account_id","created_at") WHERE "kb_chunks"."flagged";--> statement-breakpoint
CREATE INDEX "kb_words_word_trgm_idx" ON "kb_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
DELETE FROM "kb_words";--> statement-breakpoint
INSERT INTO "kb_words" ("mp_account_id", "word")
SELECT DISTINCT "mp_account_id", "lexeme" FROM "kb_chunks", unnest(tsvector_to_array("tsv")) AS "lexeme"
WHERE length("lexeme") BETWEEN 3 AND 40;
