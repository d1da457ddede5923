-- Full-text index over the catalogue (FTS5, external content on `datasets`), kept in step by triggers.
-- Diacritics are folded ("sao paulo" finds "São Paulo") and words stemmed ("cars" finds "car").
CREATE VIRTUAL TABLE datasets_fts USING fts5(
  name, description, tags, field_names, category_name, country_names, search_terms,
  content='datasets', content_rowid='id',
  tokenize='porter unicode61 remove_diacritics 2',
  prefix='2 3 4'
);
--> statement-breakpoint
CREATE TRIGGER datasets_fts_insert AFTER INSERT ON datasets BEGIN
  INSERT INTO datasets_fts (rowid, name, description, tags, field_names, category_name, country_names, search_terms)
  VALUES (new.id, new.name, new.description, new.tags, new.field_names, new.category_name, new.country_names, new.search_terms);
END;
--> statement-breakpoint
CREATE TRIGGER datasets_fts_delete AFTER DELETE ON datasets BEGIN
  INSERT INTO datasets_fts (datasets_fts, rowid, name, description, tags, field_names, category_name, country_names, search_terms)
  VALUES ('delete', old.id, old.name, old.description, old.tags, old.field_names, old.category_name, old.country_names, old.search_terms);
END;
--> statement-breakpoint
CREATE TRIGGER datasets_fts_update AFTER UPDATE ON datasets BEGIN
  INSERT INTO datasets_fts (datasets_fts, rowid, name, description, tags, field_names, category_name, country_names, search_terms)
  VALUES ('delete', old.id, old.name, old.description, old.tags, old.field_names, old.category_name, old.country_names, old.search_terms);
  INSERT INTO datasets_fts (rowid, name, description, tags, field_names, category_name, country_names, search_terms)
  VALUES (new.id, new.name, new.description, new.tags, new.field_names, new.category_name, new.country_names, new.search_terms);
END;
