-- The full-text index holds public datasets only: bm25 ranks with statistics over the whole index, so an
-- account's private datasets in it would shape the order (and scores) every other account sees. An
-- account's own datasets are matched word by word instead, with no statistics (src/db/catalogue.ts).
DROP TRIGGER datasets_fts_insert;
--> statement-breakpoint
DROP TRIGGER datasets_fts_delete;
--> statement-breakpoint
DROP TRIGGER datasets_fts_update;
--> statement-breakpoint
INSERT INTO datasets_fts (datasets_fts, rowid, name, description, tags, field_names, category_name, country_names, search_terms)
  SELECT 'delete', id, name, description, tags, field_names, category_name, country_names, search_terms
  FROM datasets WHERE account_id IS NOT NULL;
--> statement-breakpoint
CREATE TRIGGER datasets_fts_insert AFTER INSERT ON datasets WHEN new.account_id IS NULL BEGIN
  INSERT INTO datasets_fts (rowid, name, description, tags, field_names, category_name, country_names, search_terms)
  VALUES (new.id, new.name, new.description, new.tags, new.field_names, new.category_name, new.country_names, new.search_terms);
END;
--> statement-breakpoint
CREATE TRIGGER datasets_fts_delete AFTER DELETE ON datasets WHEN old.account_id IS NULL BEGIN
  INSERT INTO datasets_fts (datasets_fts, rowid, name, description, tags, field_names, category_name, country_names, search_terms)
  VALUES ('delete', old.id, old.name, old.description, old.tags, old.field_names, old.category_name, old.country_names, old.search_terms);
END;
--> statement-breakpoint
CREATE TRIGGER datasets_fts_update AFTER UPDATE ON datasets BEGIN
  INSERT INTO datasets_fts (datasets_fts, rowid, name, description, tags, field_names, category_name, country_names, search_terms)
  SELECT 'delete', old.id, old.name, old.description, old.tags, old.field_names, old.category_name, old.country_names, old.search_terms
  WHERE old.account_id IS NULL;
  INSERT INTO datasets_fts (rowid, name, description, tags, field_names, category_name, country_names, search_terms)
  SELECT new.id, new.name, new.description, new.tags, new.field_names, new.category_name, new.country_names, new.search_terms
  WHERE new.account_id IS NULL;
END;
