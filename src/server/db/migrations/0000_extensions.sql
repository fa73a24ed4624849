-- Trigram indexes (contact search) need pg_trgm before the schema that uses it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
