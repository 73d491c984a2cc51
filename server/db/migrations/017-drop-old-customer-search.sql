-- 017: customer_search_ids (005) is replaced by customer_search (015), which returns the list's
-- columns from the same scan; nothing calls the old one any more.
DROP FUNCTION customer_search_ids(text[]);
