-- Saved lists (docs/insight.md): a user's named list addresses (filters, sort, columns as the
-- list's URL query), private to that user; at most one default per user and list.
CREATE TABLE saved_filters (
  id                 bigserial    PRIMARY KEY,
  user_id            bigint       NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name               varchar(100) NOT NULL,
  list               varchar(40)  NOT NULL,
  query              varchar(4000) NOT NULL,
  is_default         boolean      NOT NULL DEFAULT false,
  created_date       timestamptz  NOT NULL DEFAULT now(),
  last_modified_date timestamptz  NOT NULL DEFAULT now(),
  CONSTRAINT saved_filters_name_unique UNIQUE (user_id, list, name)
);

CREATE UNIQUE INDEX saved_filters_one_default ON saved_filters (user_id, list) WHERE is_default;
