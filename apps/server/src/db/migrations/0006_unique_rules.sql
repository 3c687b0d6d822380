-- Filled in by the issue 10 work on this migration; a no-op until then.
SELECT 1;
