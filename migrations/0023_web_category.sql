-- Pages datasets (a list of addresses read as Markdown, a page monitor) sit in a category of their own.
INSERT INTO categories (slug, name, description) VALUES
  ('web', 'Web pages', 'The main content of web pages as Markdown, refreshed and compared for changes');
