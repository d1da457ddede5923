-- Reference data: the plans every account is on.
INSERT INTO plans (id, name, requests_per_minute, requests_per_month) VALUES
  ('free', 'Free', 10, 1000),
  ('pro', 'Pro', 100, 10000),
  ('enterprise', 'Enterprise', 1000, 1000000);
