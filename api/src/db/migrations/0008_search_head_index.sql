-- The search's ranking reads its first tiers (every word in the title; then in the title, tags or section) from an
-- index of `head`, which now holds the generation's lexeme too (issue #34 item 6, decision 042).

CREATE INDEX "search_documents_head_idx" ON "search_documents" USING gin ("head");