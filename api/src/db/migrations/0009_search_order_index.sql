-- The search's first tiers for a common word: read newest first in this order, stopping at the page's last result,
-- instead of sorting every match by date (issue #34 item 6, decision 042). A rare word keeps the GIN indexes: the
-- planner chooses from the statistics the build takes.

CREATE INDEX "search_documents_order_idx" ON "search_documents" USING btree ("generation","date" DESC NULLS LAST,"position");
