-- Trigram indexes for the listing keyword search (docs/decisions/005). pg_trgm is a trusted
-- extension (PostgreSQL 13+): the database owner may create it. PGlite loads it from its
-- contrib bundle (db/client.ts passes it to every PGlite instance).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "house_name_trgm_idx" ON "house" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "house_address_trgm_idx" ON "house" USING gin ("building_address" gin_trgm_ops) WITH (fastupdate=false);