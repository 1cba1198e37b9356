/**
 * Versioned schema changes, applied in order at start-up. A released migration is never
 * edited: a change to the schema is a new entry at the end.
 */
export const MIGRATIONS: readonly string[] = [
  // 1: posts, accounts, sessions, sign-in failures, contact messages.
  `
  CREATE TABLE posts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    published_at TEXT NOT NULL,
    updated_at TEXT,
    is_sample INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX posts_by_date ON posts (published_at DESC, id DESC);

  CREATE TABLE accounts (
    email TEXT PRIMARY KEY,
    password_hash TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );

  CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    email TEXT NOT NULL REFERENCES accounts (email) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL
  );
  CREATE INDEX sessions_by_email ON sessions (email);

  CREATE TABLE sign_in_failures (
    key TEXT NOT NULL,
    at INTEGER NOT NULL
  );
  CREATE INDEX sign_in_failures_by_key ON sign_in_failures (key, at);

  CREATE TABLE contact_messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    message TEXT NOT NULL,
    email_key TEXT NOT NULL,
    sender_key TEXT NOT NULL,
    received_at INTEGER NOT NULL,
    delivery TEXT NOT NULL CHECK (delivery IN ('pending', 'sending', 'sent', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER,
    last_error TEXT
  );
  CREATE INDEX contact_messages_due ON contact_messages (delivery, next_attempt_at);
  CREATE INDEX contact_messages_by_sender ON contact_messages (sender_key, received_at);
  CREATE INDEX contact_messages_by_email ON contact_messages (email_key, received_at);
  `,
  // 2: the key a browser sends with each submission, so a submission that arrives twice is kept once.
  `
  ALTER TABLE contact_messages ADD COLUMN submission_key TEXT;
  CREATE UNIQUE INDEX contact_messages_by_submission ON contact_messages (submission_key) WHERE submission_key IS NOT NULL;
  ALTER TABLE posts ADD COLUMN submission_key TEXT;
  CREATE UNIQUE INDEX posts_by_submission ON posts (submission_key) WHERE submission_key IS NOT NULL;
  CREATE INDEX posts_by_title ON posts (title);
  `,
  // 3: the details of event files. Additive: files stay on disk, and a row here only adds to the
  // file of that name in files/events/. Times are the wall-clock time written plus its zone
  // (see src-core/domain/event-details.ts for why).
  `
  CREATE TABLE event_details (
    file_name TEXT PRIMARY KEY,
    title TEXT NOT NULL DEFAULT '',
    starts TEXT NOT NULL DEFAULT '',
    ends TEXT NOT NULL DEFAULT '',
    all_day INTEGER NOT NULL DEFAULT 0 CHECK (all_day IN (0, 1)),
    time_zone TEXT NOT NULL DEFAULT '',
    venue TEXT NOT NULL DEFAULT '',
    town TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT '',
    updated_at TEXT NOT NULL
  );
  `,
];
