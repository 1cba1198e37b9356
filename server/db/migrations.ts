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
  // 4: administrators' security: sessions say which browser and address they belong to and have
  // an id of their own to end them by; known browsers; two-step sign-in (TOTP and recovery
  // codes); sign-ins waiting for their second step; the append-only audit trail.
  `
  ALTER TABLE sessions ADD COLUMN public_id TEXT;
  UPDATE sessions SET public_id = lower(hex(randomblob(12))) WHERE public_id IS NULL;
  CREATE UNIQUE INDEX sessions_by_public_id ON sessions (public_id);
  ALTER TABLE sessions ADD COLUMN user_agent TEXT NOT NULL DEFAULT '';
  ALTER TABLE sessions ADD COLUMN address TEXT NOT NULL DEFAULT '';

  CREATE TABLE known_devices (
    token_hash TEXT NOT NULL,
    email TEXT NOT NULL REFERENCES accounts (email) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    last_used_at INTEGER NOT NULL,
    PRIMARY KEY (token_hash, email)
  );

  ALTER TABLE accounts ADD COLUMN totp_secret TEXT;
  ALTER TABLE accounts ADD COLUMN totp_pending_secret TEXT;
  ALTER TABLE accounts ADD COLUMN totp_last_step INTEGER;

  CREATE TABLE recovery_codes (
    email TEXT NOT NULL REFERENCES accounts (email) ON DELETE CASCADE,
    code_hash TEXT NOT NULL,
    used_at INTEGER,
    PRIMARY KEY (email, code_hash)
  );

  CREATE TABLE pending_sign_ins (
    token_hash TEXT PRIMARY KEY,
    email TEXT NOT NULL REFERENCES accounts (email) ON DELETE CASCADE,
    created_at INTEGER NOT NULL
  );

  CREATE TABLE audit_entries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at INTEGER NOT NULL,
    actor TEXT,
    kind TEXT NOT NULL,
    detail TEXT NOT NULL DEFAULT '',
    address TEXT NOT NULL DEFAULT ''
  );
  CREATE INDEX audit_entries_by_time ON audit_entries (at DESC, id DESC);
  CREATE INDEX audit_entries_by_actor ON audit_entries (actor, at DESC);

  -- Append-only: nothing may change an entry, and only the purge may delete one, and only while
  -- it has opened this gate inside its own transaction (server/repositories/audit.repository.ts).
  CREATE TABLE audit_purge_gate (open INTEGER NOT NULL CHECK (open IN (0, 1)));
  INSERT INTO audit_purge_gate (open) VALUES (0);
  CREATE TRIGGER audit_entries_never_change BEFORE UPDATE ON audit_entries
  BEGIN
    SELECT RAISE(ABORT, 'The audit trail is append-only: entries cannot be changed.');
  END;
  CREATE TRIGGER audit_entries_only_purged BEFORE DELETE ON audit_entries
  WHEN (SELECT open FROM audit_purge_gate) = 0
  BEGIN
    SELECT RAISE(ABORT, 'The audit trail is append-only: only the 12-month purge deletes entries.');
  END;
  CREATE TRIGGER audit_purge_gate_one_row BEFORE INSERT ON audit_purge_gate
  BEGIN
    SELECT RAISE(ABORT, 'The audit purge gate has one row.');
  END;
  `,
  // 5: the association's details (one row: who to contact, address, phone, e-mail, charity
  // number, hours, how soon we reply, social pages, how to join), and which contact messages an
  // administrator has dealt with. An existing site starts with no details: it never shows samples.
  `
  CREATE TABLE association_details (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    contact_name TEXT NOT NULL DEFAULT '',
    address TEXT NOT NULL DEFAULT '',
    phone TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL DEFAULT '',
    charity_number TEXT NOT NULL DEFAULT '',
    opening_hours TEXT NOT NULL DEFAULT '',
    reply_time TEXT NOT NULL DEFAULT '',
    social_links TEXT NOT NULL DEFAULT '[]',
    how_to_join TEXT NOT NULL DEFAULT '',
    is_sample INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT NOT NULL
  );
  ALTER TABLE contact_messages ADD COLUMN handled_at INTEGER;
  `,
];
