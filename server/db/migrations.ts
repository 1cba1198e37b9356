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
  // 6: site search. search_entries holds one row per thing a visitor can find (a post, a file,
  // an event) with the text it is found by; search_index is SQLite's full-text index over it
  // (words without case or accents, with English endings taken off), kept in step by triggers.
  // Posts and event details reach it through triggers of their own, so every writer (the
  // server, the admin command) keeps it true; files through file_texts, written by the server
  // once it has read a file's text (server/search/file-indexer.ts).
  `
  CREATE TABLE search_entries (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('news', 'newsletter', 'document', 'event')),
    ref TEXT NOT NULL,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    href TEXT NOT NULL,
    dated TEXT,
    UNIQUE (kind, ref)
  );
  CREATE VIRTUAL TABLE search_index USING fts5(
    title, body,
    content = 'search_entries', content_rowid = 'id',
    tokenize = 'porter unicode61 remove_diacritics 2'
  );
  -- Ranking: a word in a title counts five times one in the text (see search-index.ts).
  INSERT INTO search_index (search_index, rank) VALUES ('rank', 'bm25(5.0, 1.0)');
  CREATE TRIGGER search_entries_added AFTER INSERT ON search_entries BEGIN
    INSERT INTO search_index (rowid, title, body) VALUES (new.id, new.title, new.body);
  END;
  CREATE TRIGGER search_entries_removed AFTER DELETE ON search_entries BEGIN
    INSERT INTO search_index (search_index, rowid, title, body) VALUES ('delete', old.id, old.title, old.body);
  END;
  CREATE TRIGGER search_entries_changed AFTER UPDATE ON search_entries BEGIN
    INSERT INTO search_index (search_index, rowid, title, body) VALUES ('delete', old.id, old.title, old.body);
    INSERT INTO search_index (rowid, title, body) VALUES (new.id, new.title, new.body);
  END;

  -- The snippets mark matched words with characters 1 and 2, so a text never holds them.
  CREATE TRIGGER posts_found_added AFTER INSERT ON posts BEGIN
    INSERT INTO search_entries (kind, ref, title, body, href, dated)
    VALUES ('news', new.id, new.title, replace(replace(new.body, char(1), ''), char(2), ''), '/article/' || new.id, new.published_at);
  END;
  CREATE TRIGGER posts_found_changed AFTER UPDATE OF title, body, published_at ON posts BEGIN
    UPDATE search_entries SET title = new.title, body = replace(replace(new.body, char(1), ''), char(2), ''), dated = new.published_at
    WHERE kind = 'news' AND ref = CAST(new.id AS TEXT);
  END;
  CREATE TRIGGER posts_found_removed AFTER DELETE ON posts BEGIN
    DELETE FROM search_entries WHERE kind = 'news' AND ref = CAST(old.id AS TEXT);
  END;
  INSERT INTO search_entries (kind, ref, title, body, href, dated)
    SELECT 'news', id, title, replace(replace(body, char(1), ''), char(2), ''), '/article/' || id, published_at FROM posts;

  -- A stored file's text as last read: 'outcome' says whether reading worked ('text', or why
  -- not: a scanned page has no text, an encrypted or broken file cannot be read); a file that
  -- was not read is still found by its name. size and modified_ms tell a changed file.
  CREATE TABLE file_texts (
    full_path TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('newsletter', 'document', 'event')),
    name TEXT NOT NULL,
    title TEXT NOT NULL,
    href TEXT NOT NULL,
    size INTEGER NOT NULL,
    modified_ms INTEGER NOT NULL,
    outcome TEXT NOT NULL,
    text TEXT NOT NULL DEFAULT ''
  );
  -- What a file is found by: its title, and for an event its details (title, place,
  -- description, start) before the text inside the file.
  CREATE VIEW file_search_entries AS
    SELECT
      f.kind AS kind,
      f.full_path AS ref,
      coalesce(nullif(d.title, ''), f.title) AS title,
      trim(
        coalesce(nullif(d.venue, '') || ', ', '') || coalesce(nullif(d.town, '') || '. ', '') || coalesce(nullif(d.description, '') || ' ', '')
        || replace(replace(f.text, char(1), ''), char(2), '')
      ) AS body,
      f.href AS href,
      CASE WHEN d.starts IS NOT NULL AND d.starts <> '' THEN substr(d.starts, 1, 10)
           WHEN f.kind = 'event' THEN NULL
           ELSE strftime('%Y-%m-%dT%H:%M:%SZ', f.modified_ms / 1000.0, 'unixepoch') END AS dated
    FROM file_texts f
    LEFT JOIN event_details d ON f.kind = 'event' AND d.file_name = f.name;
  CREATE TRIGGER file_texts_added AFTER INSERT ON file_texts BEGIN
    DELETE FROM search_entries WHERE kind = new.kind AND ref = new.full_path;
    INSERT INTO search_entries (kind, ref, title, body, href, dated)
      SELECT kind, ref, title, body, href, dated FROM file_search_entries WHERE ref = new.full_path;
  END;
  CREATE TRIGGER file_texts_changed AFTER UPDATE ON file_texts BEGIN
    DELETE FROM search_entries WHERE kind = old.kind AND ref = old.full_path;
    INSERT INTO search_entries (kind, ref, title, body, href, dated)
      SELECT kind, ref, title, body, href, dated FROM file_search_entries WHERE ref = new.full_path;
  END;
  CREATE TRIGGER file_texts_removed AFTER DELETE ON file_texts BEGIN
    DELETE FROM search_entries WHERE kind = old.kind AND ref = old.full_path;
  END;
  CREATE TRIGGER event_details_found_added AFTER INSERT ON event_details BEGIN
    DELETE FROM search_entries WHERE kind = 'event' AND ref = 'events/' || new.file_name;
    INSERT INTO search_entries (kind, ref, title, body, href, dated)
      SELECT kind, ref, title, body, href, dated FROM file_search_entries WHERE ref = 'events/' || new.file_name;
  END;
  CREATE TRIGGER event_details_found_changed AFTER UPDATE ON event_details BEGIN
    DELETE FROM search_entries WHERE kind = 'event' AND ref = 'events/' || new.file_name;
    INSERT INTO search_entries (kind, ref, title, body, href, dated)
      SELECT kind, ref, title, body, href, dated FROM file_search_entries WHERE ref = 'events/' || new.file_name;
  END;
  CREATE TRIGGER event_details_found_removed AFTER DELETE ON event_details BEGIN
    DELETE FROM search_entries WHERE kind = 'event' AND ref = 'events/' || old.file_name;
    INSERT INTO search_entries (kind, ref, title, body, href, dated)
      SELECT kind, ref, title, body, href, dated FROM file_search_entries WHERE ref = 'events/' || old.file_name;
  END;
  `,
  // 7: browsers an administrator chose to trust for 30 days after a two-step sign-in there, so
  // signing in again in them asks only for the password (server/auth/trusted-browser.ts). Only a
  // hash of each browser's token is kept; the key that signs its cookie is made here, once.
  `
  CREATE TABLE trusted_browsers (
    id TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    email TEXT NOT NULL REFERENCES accounts (email) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    user_agent TEXT NOT NULL DEFAULT '',
    address TEXT NOT NULL DEFAULT ''
  );
  CREATE INDEX trusted_browsers_by_email ON trusted_browsers (email, created_at DESC);

  CREATE TABLE signing_keys (
    name TEXT PRIMARY KEY,
    key BLOB NOT NULL
  );
  INSERT INTO signing_keys (name, key) VALUES ('trusted-browser', randomblob(32));
  `,
  // 8: the site's own pages (home, about, join, links, the legal pages, contact details) are
  // found too, as kind 'page', written by the server from the pages it renders
  // (server/search/page-indexer.ts). SQLite cannot change a CHECK constraint, so the index is
  // made again with the new kind and filled from the posts and file texts it is made from.
  `
  DROP TRIGGER search_entries_added;
  DROP TRIGGER search_entries_removed;
  DROP TRIGGER search_entries_changed;
  DROP TABLE search_index;
  DROP TABLE search_entries;
  CREATE TABLE search_entries (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('news', 'newsletter', 'document', 'event', 'page')),
    ref TEXT NOT NULL,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    href TEXT NOT NULL,
    dated TEXT,
    UNIQUE (kind, ref)
  );
  CREATE VIRTUAL TABLE search_index USING fts5(
    title, body,
    content = 'search_entries', content_rowid = 'id',
    tokenize = 'porter unicode61 remove_diacritics 2'
  );
  INSERT INTO search_index (search_index, rank) VALUES ('rank', 'bm25(5.0, 1.0)');
  CREATE TRIGGER search_entries_added AFTER INSERT ON search_entries BEGIN
    INSERT INTO search_index (rowid, title, body) VALUES (new.id, new.title, new.body);
  END;
  CREATE TRIGGER search_entries_removed AFTER DELETE ON search_entries BEGIN
    INSERT INTO search_index (search_index, rowid, title, body) VALUES ('delete', old.id, old.title, old.body);
  END;
  CREATE TRIGGER search_entries_changed AFTER UPDATE ON search_entries BEGIN
    INSERT INTO search_index (search_index, rowid, title, body) VALUES ('delete', old.id, old.title, old.body);
    INSERT INTO search_index (rowid, title, body) VALUES (new.id, new.title, new.body);
  END;
  INSERT INTO search_entries (kind, ref, title, body, href, dated)
    SELECT 'news', id, title, replace(replace(body, char(1), ''), char(2), ''), '/article/' || id, published_at FROM posts;
  INSERT INTO search_entries (kind, ref, title, body, href, dated)
    SELECT kind, ref, title, body, href, dated FROM file_search_entries;
  `,
  // 9: subscribers to the association's news by e-mail, the mailings sent to them, and the one
  // durable queue every outgoing member mail goes through (confirmations, tests, mailings).
  `
  CREATE TABLE subscribers (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    email TEXT NOT NULL,
    -- The normalised address: one entry per person, whatever the case they typed.
    email_key TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL DEFAULT '',
    state TEXT NOT NULL CHECK (state IN ('pending', 'confirmed')),
    requested_at INTEGER NOT NULL,
    confirmed_at INTEGER,
    -- Consent as given: when, through which form, and the words shown beside it.
    consent_at INTEGER NOT NULL,
    consent_form TEXT NOT NULL,
    consent_wording TEXT NOT NULL,
    -- Only a hash of the confirmation token; cleared once confirmed.
    confirm_token_hash TEXT UNIQUE,
    unsubscribe_token TEXT NOT NULL UNIQUE,
    -- Set when the mail server refused the address for good (a 5xx reply), with its words.
    not_working_at INTEGER,
    not_working_reason TEXT
  );
  CREATE INDEX subscribers_by_state ON subscribers (state, requested_at);

  -- Every subscription request, for the limits per address and per network (hashes only).
  CREATE TABLE subscription_requests (
    email_key TEXT NOT NULL,
    sender_key TEXT NOT NULL,
    at INTEGER NOT NULL
  );
  CREATE INDEX subscription_requests_by_email ON subscription_requests (email_key, at);
  CREATE INDEX subscription_requests_by_sender ON subscription_requests (sender_key, at);

  CREATE TABLE mailings (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    source_kind TEXT NOT NULL CHECK (source_kind IN ('news', 'newsletter')),
    source_ref TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    link TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('draft', 'sending', 'paused', 'finished')),
    created_at INTEGER NOT NULL,
    created_by TEXT,
    queued_at INTEGER
  );

  CREATE TABLE mail_queue (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL CHECK (kind IN ('confirmation', 'mailing', 'test')),
    mailing_id INTEGER REFERENCES mailings (id) ON DELETE CASCADE,
    address TEXT NOT NULL,
    address_key TEXT NOT NULL,
    -- What a message needs that is not stored elsewhere (a confirmation's token); cleared once done.
    payload TEXT,
    state TEXT NOT NULL CHECK (state IN ('waiting', 'sending', 'sent', 'failed-temporary', 'refused')),
    attempts INTEGER NOT NULL DEFAULT 0,
    -- NULL for a row that will not be tried again (sent, refused, or retried until MAIL_MAX_ATTEMPTS).
    next_attempt_at INTEGER,
    last_error TEXT,
    created_at INTEGER NOT NULL,
    finished_at INTEGER
  );
  -- One mailing reaches one address once, whatever asks twice.
  CREATE UNIQUE INDEX mail_queue_once_per_mailing ON mail_queue (mailing_id, address_key) WHERE kind = 'mailing';
  CREATE INDEX mail_queue_due ON mail_queue (state, next_attempt_at);
  CREATE INDEX mail_queue_by_address ON mail_queue (address_key);
  `,
  // 10: joining online. The association's branches, membership applications and their
  // decisions, members (numbered by AUTOINCREMENT, so a number is never given twice, even after
  // an erasure), the limits' counts for the form, and the mail queue rebuilt to accept the
  // membership mails (SQLite cannot change a CHECK in place).
  `
  CREATE TABLE branches (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
    position INTEGER NOT NULL
  );

  CREATE TABLE applications (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    state TEXT NOT NULL CHECK (state IN ('new', 'more-information', 'approved', 'declined')),
    name TEXT NOT NULL,
    address TEXT NOT NULL,
    eircode TEXT,
    phone TEXT,
    email TEXT,
    email_key TEXT,
    background TEXT NOT NULL,
    nmbi_pin TEXT,
    -- NULL for 'not sure'; a branch in use cannot be removed (the routes check and say why).
    branch_id INTEGER REFERENCES branches (id),
    newsletter INTEGER NOT NULL,
    consent_at INTEGER NOT NULL,
    consent_wording TEXT NOT NULL,
    received_at INTEGER NOT NULL,
    decided_at INTEGER,
    decided_by TEXT,
    note TEXT,
    member_number INTEGER
  );
  CREATE INDEX applications_by_state ON applications (state, received_at);

  CREATE TABLE members (
    number INTEGER PRIMARY KEY AUTOINCREMENT,
    application_id INTEGER UNIQUE,
    name TEXT NOT NULL,
    address TEXT NOT NULL,
    eircode TEXT,
    phone TEXT,
    email TEXT,
    email_key TEXT,
    branch_id INTEGER REFERENCES branches (id),
    background TEXT NOT NULL,
    nmbi_pin TEXT,
    status TEXT NOT NULL CHECK (status IN ('active')),
    joined_on TEXT NOT NULL,
    paid_until TEXT,
    welcome_letter_to_post INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
  );

  -- Every application, for the limits per address and per network (hashes only).
  CREATE TABLE application_requests (
    email_key TEXT NOT NULL,
    sender_key TEXT NOT NULL,
    at INTEGER NOT NULL
  );
  CREATE INDEX application_requests_by_email ON application_requests (email_key, at);
  CREATE INDEX application_requests_by_sender ON application_requests (sender_key, at);

  CREATE TABLE mail_queue_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL CHECK (kind IN ('confirmation', 'mailing', 'test',
      'application-received', 'application-notice', 'welcome', 'declined', 'more-information')),
    mailing_id INTEGER REFERENCES mailings (id) ON DELETE CASCADE,
    address TEXT NOT NULL,
    address_key TEXT NOT NULL,
    payload TEXT,
    state TEXT NOT NULL CHECK (state IN ('waiting', 'sending', 'sent', 'failed-temporary', 'refused')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER,
    last_error TEXT,
    created_at INTEGER NOT NULL,
    finished_at INTEGER,
    -- The application a membership mail is about, so access and erasure find it by person.
    application_id INTEGER
  );
  -- Numbers already used stay used: a row's id is in its Message-ID.
  INSERT INTO sqlite_sequence (name, seq) SELECT 'mail_queue_new', seq FROM sqlite_sequence WHERE name = 'mail_queue';
  INSERT INTO mail_queue_new (id, kind, mailing_id, address, address_key, payload, state, attempts, next_attempt_at, last_error, created_at, finished_at)
    SELECT id, kind, mailing_id, address, address_key, payload, state, attempts, next_attempt_at, last_error, created_at, finished_at FROM mail_queue;
  DROP TABLE mail_queue;
  ALTER TABLE mail_queue_new RENAME TO mail_queue;
  CREATE UNIQUE INDEX mail_queue_once_per_mailing ON mail_queue (mailing_id, address_key) WHERE kind = 'mailing';
  CREATE INDEX mail_queue_due ON mail_queue (state, next_attempt_at);
  CREATE INDEX mail_queue_by_address ON mail_queue (address_key);
  CREATE INDEX mail_queue_by_application ON mail_queue (application_id);
  `,
  // 11: the member list. Members get the statuses active, lapsed, resigned and deceased, notes
  // and the times of their last change (the table is rebuilt, numbers and the AUTOINCREMENT
  // counter kept, as SQLite cannot change a CHECK in place); payments recorded by hand; the
  // membership year's settings; the renewal reminders already queued, so each goes once across
  // restarts; indexes for searching thousands of members; and the mail queue rebuilt to accept
  // the renewal reminders, each naming its member so access and erasure find it.
  `
  CREATE TABLE members_new (
    number INTEGER PRIMARY KEY AUTOINCREMENT,
    application_id INTEGER UNIQUE,
    name TEXT NOT NULL,
    address TEXT NOT NULL,
    eircode TEXT,
    phone TEXT,
    email TEXT,
    email_key TEXT,
    branch_id INTEGER REFERENCES branches (id),
    background TEXT NOT NULL,
    nmbi_pin TEXT,
    status TEXT NOT NULL CHECK (status IN ('active', 'lapsed', 'resigned', 'deceased')),
    joined_on TEXT NOT NULL,
    paid_until TEXT,
    welcome_letter_to_post INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    notes TEXT NOT NULL DEFAULT '',
    updated_at INTEGER NOT NULL,
    status_changed_at INTEGER,
    -- What the list's search looks in, kept as each row is written: the name, e-mail, Eircode and
    -- phone in lower case, without spaces (but the name's), one per line, so a search of 10,000
    -- members is one pass over one column.
    search_text TEXT GENERATED ALWAYS AS (
      lower(name) || char(10) || coalesce(email_key, '') || char(10) ||
      lower(replace(coalesce(eircode, ''), ' ', '')) || char(10) ||
      replace(replace(coalesce(phone, ''), ' ', ''), '-', '')
    ) STORED
  );
  INSERT INTO sqlite_sequence (name, seq) SELECT 'members_new', seq FROM sqlite_sequence WHERE name = 'members';
  INSERT INTO members_new (number, application_id, name, address, eircode, phone, email, email_key, branch_id, background, nmbi_pin, status,
      joined_on, paid_until, welcome_letter_to_post, created_at, notes, updated_at)
    SELECT number, application_id, name, address, eircode, phone, email, email_key, branch_id, background, nmbi_pin, status,
      joined_on, paid_until, welcome_letter_to_post, created_at, '', created_at FROM members;
  DROP TABLE members;
  ALTER TABLE members_new RENAME TO members;
  CREATE INDEX members_by_name ON members (name COLLATE NOCASE, number);
  CREATE INDEX members_by_email ON members (email_key);
  CREATE INDEX members_by_branch ON members (branch_id, name COLLATE NOCASE);
  CREATE INDEX members_by_status ON members (status, paid_until);
  CREATE INDEX members_by_paid_until ON members (paid_until);

  CREATE TABLE payments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    member_number INTEGER NOT NULL REFERENCES members (number) ON DELETE CASCADE,
    paid_on TEXT NOT NULL,
    amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
    method TEXT NOT NULL CHECK (method IN ('cash', 'cheque', 'bank-transfer', 'standing-order', 'card')),
    note TEXT NOT NULL DEFAULT '',
    recorded_at INTEGER NOT NULL,
    recorded_by TEXT NOT NULL
  );
  CREATE INDEX payments_by_member ON payments (member_number, paid_on);

  -- One row: the day the membership year starts (MM-DD), the fee, how to pay, reminders on or off.
  CREATE TABLE membership_settings (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    year_starts_on TEXT NOT NULL,
    fee_cents INTEGER,
    how_to_pay TEXT NOT NULL,
    reminders_on INTEGER NOT NULL
  );
  INSERT INTO membership_settings (id, year_starts_on, fee_cents, how_to_pay, reminders_on) VALUES (1, '01-01', NULL, '', 1);

  -- Each reminder queued once per member and year end, whatever restarts in between.
  CREATE TABLE renewal_reminders (
    member_number INTEGER NOT NULL REFERENCES members (number) ON DELETE CASCADE,
    year_end TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('before', 'after')),
    sent_at INTEGER NOT NULL,
    UNIQUE (member_number, year_end, kind)
  );

  CREATE TABLE mail_queue_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL CHECK (kind IN ('confirmation', 'mailing', 'test',
      'application-received', 'application-notice', 'welcome', 'declined', 'more-information',
      'renewal-before', 'renewal-after')),
    mailing_id INTEGER REFERENCES mailings (id) ON DELETE CASCADE,
    address TEXT NOT NULL,
    address_key TEXT NOT NULL,
    payload TEXT,
    state TEXT NOT NULL CHECK (state IN ('waiting', 'sending', 'sent', 'failed-temporary', 'refused')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER,
    last_error TEXT,
    created_at INTEGER NOT NULL,
    finished_at INTEGER,
    application_id INTEGER,
    -- The member a renewal reminder is about.
    member_number INTEGER
  );
  INSERT INTO sqlite_sequence (name, seq) SELECT 'mail_queue_new', seq FROM sqlite_sequence WHERE name = 'mail_queue';
  INSERT INTO mail_queue_new (id, kind, mailing_id, address, address_key, payload, state, attempts, next_attempt_at, last_error, created_at, finished_at, application_id)
    SELECT id, kind, mailing_id, address, address_key, payload, state, attempts, next_attempt_at, last_error, created_at, finished_at, application_id FROM mail_queue;
  DROP TABLE mail_queue;
  ALTER TABLE mail_queue_new RENAME TO mail_queue;
  CREATE UNIQUE INDEX mail_queue_once_per_mailing ON mail_queue (mailing_id, address_key) WHERE kind = 'mailing';
  CREATE INDEX mail_queue_due ON mail_queue (state, next_attempt_at);
  CREATE INDEX mail_queue_by_address ON mail_queue (address_key);
  CREATE INDEX mail_queue_by_application ON mail_queue (application_id);
  CREATE INDEX mail_queue_by_member ON mail_queue (member_number);
  `,
  // 12: an application sent twice (a browser may repeat a request over a dropped connection) is
  // stored once: by the key the browser made for it, or by the same details within a minute.
  `
  ALTER TABLE applications ADD COLUMN submission_key TEXT;
  CREATE UNIQUE INDEX applications_by_submission ON applications (submission_key) WHERE submission_key IS NOT NULL;
  CREATE INDEX applications_by_name ON applications (name, received_at);
  `,
  // 13: booking a place at an event. Settings per event file (by its full path, as the
  // details are kept by its name), the bookings themselves (a hash of each cancel token only),
  // which reminders went out (so a restart never sends one twice), the limits' counts for the
  // form, the site's reminder time and retention, and the mail queue rebuilt to accept the
  // booking mails, each naming its booking (SQLite cannot change a CHECK in place).
  `
  CREATE TABLE booking_settings (
    event_path TEXT PRIMARY KEY,
    -- NULL for no limit.
    places INTEGER,
    -- The wall-clock time bookings close in the site's zone ('2026-09-11T17:00'); '' for the event's start.
    closes_at TEXT NOT NULL DEFAULT '',
    max_places INTEGER NOT NULL,
    question TEXT NOT NULL DEFAULT '',
    cancelled_at INTEGER,
    cancel_message TEXT,
    updated_at INTEGER NOT NULL
  );

  CREATE TABLE bookings (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    event_path TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('booked', 'waiting', 'cancelled')),
    source TEXT NOT NULL CHECK (source IN ('online', 'phone')),
    name TEXT NOT NULL,
    email TEXT,
    email_key TEXT,
    phone TEXT,
    phone_key TEXT,
    places INTEGER NOT NULL CHECK (places >= 1),
    answer TEXT NOT NULL DEFAULT '',
    token_hash TEXT NOT NULL UNIQUE,
    booked_at INTEGER NOT NULL,
    promoted_at INTEGER,
    to_phone INTEGER NOT NULL DEFAULT 0,
    cancelled_at INTEGER,
    cancelled_by TEXT CHECK (cancelled_by IN ('person', 'organiser', 'event'))
  );
  CREATE INDEX bookings_by_event ON bookings (event_path, status, booked_at, id);
  -- One live booking per e-mail address and per phone number for each event.
  CREATE UNIQUE INDEX bookings_once_per_email ON bookings (event_path, email_key) WHERE email_key IS NOT NULL AND status <> 'cancelled';
  CREATE UNIQUE INDEX bookings_once_per_phone ON bookings (event_path, phone_key) WHERE phone_key IS NOT NULL AND status <> 'cancelled';
  CREATE INDEX bookings_by_email ON bookings (email_key);

  -- A reminder is recorded here in the same transaction that queues it.
  CREATE TABLE booking_reminders_sent (
    booking_id INTEGER PRIMARY KEY REFERENCES bookings (id) ON DELETE CASCADE,
    queued_at INTEGER NOT NULL
  );

  CREATE TABLE booking_requests (
    contact_key TEXT NOT NULL,
    sender_key TEXT NOT NULL,
    at INTEGER NOT NULL
  );
  CREATE INDEX booking_requests_by_contact ON booking_requests (contact_key, at);
  CREATE INDEX booking_requests_by_sender ON booking_requests (sender_key, at);

  CREATE TABLE booking_site_settings (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    reminder_time TEXT NOT NULL,
    keep_months INTEGER NOT NULL
  );
  INSERT INTO booking_site_settings (id, reminder_time, keep_months) VALUES (1, '10:00', 3);

  CREATE TABLE mail_queue_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL CHECK (kind IN ('confirmation', 'mailing', 'test',
      'application-received', 'application-notice', 'welcome', 'declined', 'more-information',
      'renewal-before', 'renewal-after',
      'booking-confirmation', 'booking-promoted', 'booking-reminder', 'booking-event-cancelled',
      'visits-summary')),
    mailing_id INTEGER REFERENCES mailings (id) ON DELETE CASCADE,
    address TEXT NOT NULL,
    address_key TEXT NOT NULL,
    payload TEXT,
    state TEXT NOT NULL CHECK (state IN ('waiting', 'sending', 'sent', 'failed-temporary', 'refused')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER,
    last_error TEXT,
    created_at INTEGER NOT NULL,
    finished_at INTEGER,
    application_id INTEGER,
    member_number INTEGER,
    -- The booking a booking mail is about; deleted with it.
    booking_id INTEGER REFERENCES bookings (id) ON DELETE CASCADE
  );
  INSERT INTO sqlite_sequence (name, seq) SELECT 'mail_queue_new', seq FROM sqlite_sequence WHERE name = 'mail_queue';
  INSERT INTO mail_queue_new (id, kind, mailing_id, address, address_key, payload, state, attempts, next_attempt_at, last_error, created_at, finished_at, application_id, member_number)
    SELECT id, kind, mailing_id, address, address_key, payload, state, attempts, next_attempt_at, last_error, created_at, finished_at, application_id, member_number FROM mail_queue;
  DROP TABLE mail_queue;
  ALTER TABLE mail_queue_new RENAME TO mail_queue;
  CREATE UNIQUE INDEX mail_queue_once_per_mailing ON mail_queue (mailing_id, address_key) WHERE kind = 'mailing';
  CREATE INDEX mail_queue_due ON mail_queue (state, next_attempt_at);
  CREATE INDEX mail_queue_by_address ON mail_queue (address_key);
  CREATE INDEX mail_queue_by_application ON mail_queue (application_id);
  CREATE INDEX mail_queue_by_member ON mail_queue (member_number);
  CREATE INDEX mail_queue_by_booking ON mail_queue (booking_id);
  `,
  // 14: visits, counted on the server: one row per day (Europe/Dublin, or the configured zone),
  // kind and key (a page's address, a file, a search that found nothing, another site's name),
  // added to once a minute (server/visits/visit-counter.ts). No address, cookie or browser is
  // kept. Administrators choose whether they get the monthly summary; each month's summary is
  // queued once (visit_summaries); migration 13's mail queue already accepts that mail.
  `
  CREATE TABLE visit_counts (
    day TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('page', 'download', 'search', 'referrer')),
    key TEXT NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (day, kind, key)
  ) WITHOUT ROWID;

  ALTER TABLE accounts ADD COLUMN visits_summary INTEGER NOT NULL DEFAULT 0 CHECK (visits_summary IN (0, 1));

  CREATE TABLE visit_summaries (
    month TEXT PRIMARY KEY,
    queued_at INTEGER NOT NULL
  );
  `,
  // 15: what `npm run import` brought in from another site (server/import/), by the source's own
  // id, so running it again adds nothing twice, even for a post deleted since; and the old site's
  // addresses, answered with 301 to the new ones (server/plugins/old-addresses.plugin.ts).
  `
  CREATE TABLE imported_items (
    source TEXT NOT NULL CHECK (source IN ('contentful', 'firebase-storage', 'wordpress')),
    source_id TEXT NOT NULL,
    -- The new address: '/article/12', '/files/newsletters/Spring.pdf', '/events/Summer Outing'.
    target TEXT NOT NULL,
    imported_at TEXT NOT NULL,
    PRIMARY KEY (source, source_id)
  ) WITHOUT ROWID;

  CREATE TABLE old_addresses (
    path TEXT PRIMARY KEY,
    target TEXT NOT NULL
  ) WITHOUT ROWID;
  `,
  // 16: roles and invitations. Each account has a role (every account before this one was an
  // administrator; null would be an account that may use no admin page) and may be suspended;
  // invitations keep a hash of their link's token only, made when the e-mail is sent; and the
  // mail queue rebuilt to accept the invitation (SQLite cannot change a CHECK in place).
  `
  ALTER TABLE accounts ADD COLUMN role TEXT CHECK (role IN ('administrator', 'editor', 'membership-secretary'));
  UPDATE accounts SET role = 'administrator';
  ALTER TABLE accounts ADD COLUMN suspended_at INTEGER;

  CREATE TABLE invitations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    email TEXT NOT NULL UNIQUE,
    role TEXT NOT NULL CHECK (role IN ('administrator', 'editor', 'membership-secretary')),
    invited_by TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    -- Set when the e-mail is sent: a hash of the link's token, and when the link stops working.
    token_hash TEXT UNIQUE,
    expires_at INTEGER
  );

  CREATE TABLE mail_queue_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL CHECK (kind IN ('confirmation', 'mailing', 'test',
      'application-received', 'application-notice', 'welcome', 'declined', 'more-information',
      'renewal-before', 'renewal-after',
      'booking-confirmation', 'booking-promoted', 'booking-reminder', 'booking-event-cancelled',
      'visits-summary', 'invitation')),
    mailing_id INTEGER REFERENCES mailings (id) ON DELETE CASCADE,
    address TEXT NOT NULL,
    address_key TEXT NOT NULL,
    payload TEXT,
    state TEXT NOT NULL CHECK (state IN ('waiting', 'sending', 'sent', 'failed-temporary', 'refused')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER,
    last_error TEXT,
    created_at INTEGER NOT NULL,
    finished_at INTEGER,
    application_id INTEGER,
    member_number INTEGER,
    -- The booking a booking mail is about; deleted with it.
    booking_id INTEGER REFERENCES bookings (id) ON DELETE CASCADE
  );
  INSERT INTO sqlite_sequence (name, seq) SELECT 'mail_queue_new', seq FROM sqlite_sequence WHERE name = 'mail_queue';
  INSERT INTO mail_queue_new (id, kind, mailing_id, address, address_key, payload, state, attempts, next_attempt_at, last_error, created_at, finished_at, application_id, member_number, booking_id)
    SELECT id, kind, mailing_id, address, address_key, payload, state, attempts, next_attempt_at, last_error, created_at, finished_at, application_id, member_number, booking_id FROM mail_queue;
  DROP TABLE mail_queue;
  ALTER TABLE mail_queue_new RENAME TO mail_queue;
  CREATE UNIQUE INDEX mail_queue_once_per_mailing ON mail_queue (mailing_id, address_key) WHERE kind = 'mailing';
  CREATE INDEX mail_queue_due ON mail_queue (state, next_attempt_at);
  CREATE INDEX mail_queue_by_address ON mail_queue (address_key);
  CREATE INDEX mail_queue_by_application ON mail_queue (application_id);
  CREATE INDEX mail_queue_by_member ON mail_queue (member_number);
  CREATE INDEX mail_queue_by_booking ON mail_queue (booking_id);
  `,
  // 17: drafts, scheduled posts and earlier versions. A post is public once it is not a draft
  // and its published_at has come: that is decided at read time (server/repositories/
  // posts.repository.ts), so a post scheduled for a time appears then even if the server was
  // stopped in between. A draft has no search entry; a scheduled post has one, which the search
  // leaves out until its date (server/search/search-index.ts). Each save of a post's title and
  // body is kept as a version; the posts there are become their own first version.
  `
  ALTER TABLE posts ADD COLUMN draft INTEGER NOT NULL DEFAULT 0 CHECK (draft IN (0, 1));

  DROP TRIGGER posts_found_added;
  DROP TRIGGER posts_found_changed;
  CREATE TRIGGER posts_found_added AFTER INSERT ON posts WHEN new.draft = 0 BEGIN
    INSERT INTO search_entries (kind, ref, title, body, href, dated)
    VALUES ('news', new.id, new.title, replace(replace(new.body, char(1), ''), char(2), ''), '/article/' || new.id, new.published_at);
  END;
  CREATE TRIGGER posts_found_changed AFTER UPDATE OF title, body, published_at, draft ON posts BEGIN
    DELETE FROM search_entries WHERE kind = 'news' AND ref = CAST(new.id AS TEXT);
    INSERT INTO search_entries (kind, ref, title, body, href, dated)
      SELECT 'news', new.id, new.title, replace(replace(new.body, char(1), ''), char(2), ''), '/article/' || new.id, new.published_at
      WHERE new.draft = 0;
  END;

  CREATE TABLE post_versions (
    post_id INTEGER NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    saved_at TEXT NOT NULL,
    -- The account that saved it; NULL for the versions made here and by the command line.
    saved_by TEXT,
    PRIMARY KEY (post_id, number)
  ) WITHOUT ROWID;
  INSERT INTO post_versions (post_id, number, title, body, saved_at)
    SELECT id, 1, title, body, coalesce(updated_at, published_at) FROM posts;
  `,
  // 18: a picture per post. An upload is a row in `pictures` while the server prepares its sizes
  // one at a time (server/pictures/picture-queue.ts), then 'ready' with the largest size's
  // dimensions, or 'refused' with the reason shown to the editor. A post names at most one
  // ready picture, with its description or the editor's mark that it is only decoration.
  `
  CREATE TABLE pictures (
    id TEXT PRIMARY KEY,
    state TEXT NOT NULL CHECK (state IN ('preparing', 'ready', 'refused')),
    width INTEGER,
    height INTEGER,
    refusal TEXT,
    created_at INTEGER NOT NULL
  );

  ALTER TABLE posts ADD COLUMN picture_id TEXT;
  ALTER TABLE posts ADD COLUMN picture_alt TEXT;
  ALTER TABLE posts ADD COLUMN picture_decorative INTEGER NOT NULL DEFAULT 0 CHECK (picture_decorative IN (0, 1));
  `,
  // 19: branches as the association describes them: a page of its own by a unique web address
  // (slug, made here from the name for the branches there are, with the id added where two names
  // give the same one), the counties it covers (a JSON array of src-core/domain/branches.ts's
  // IRISH_COUNTIES), where and when it meets, a contact, a short description and whether it is
  // active. Posts and events may belong to one branch (NULL: national); a branch something
  // belongs to cannot be removed, only made inactive (the routes check and say why).
  `
  ALTER TABLE branches ADD COLUMN slug TEXT;
  ALTER TABLE branches ADD COLUMN counties TEXT NOT NULL DEFAULT '[]';
  ALTER TABLE branches ADD COLUMN meets TEXT NOT NULL DEFAULT '';
  ALTER TABLE branches ADD COLUMN contact_name TEXT NOT NULL DEFAULT '';
  ALTER TABLE branches ADD COLUMN contact_phone TEXT NOT NULL DEFAULT '';
  ALTER TABLE branches ADD COLUMN contact_email TEXT NOT NULL DEFAULT '';
  ALTER TABLE branches ADD COLUMN description TEXT NOT NULL DEFAULT '';
  ALTER TABLE branches ADD COLUMN active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1));
  UPDATE branches SET slug = trim(lower(replace(replace(replace(replace(trim(name), '''', ''), '.', ''), ',', ''), ' ', '-')), '-');
  UPDATE branches SET slug = 'branch' WHERE slug = '';
  UPDATE branches SET slug = slug || '-' || id WHERE id NOT IN (SELECT min(id) FROM branches GROUP BY slug);
  CREATE UNIQUE INDEX branches_by_slug ON branches (slug);

  ALTER TABLE posts ADD COLUMN branch_id INTEGER REFERENCES branches (id);
  CREATE INDEX posts_by_branch ON posts (branch_id) WHERE branch_id IS NOT NULL;
  ALTER TABLE event_details ADD COLUMN branch_id INTEGER REFERENCES branches (id);
  CREATE INDEX event_details_by_branch ON event_details (branch_id) WHERE branch_id IS NOT NULL;
  `,
  // 20: the branch officer role, limited to one branch: each account and each invitation keeps
  // that branch beside the role, and an officer without one, or anyone else with one, is refused
  // by a CHECK. SQLite cannot change a CHECK in place, so both tables are made again. Dropping
  // the accounts table would delete the rows that refer to it (ON DELETE CASCADE: sessions,
  // devices, recovery codes, trusted browsers, sign-ins waiting for a code), so those are kept
  // aside in temporary tables and put back once the new table has the old one's name.
  `
  CREATE TEMP TABLE kept_sessions AS SELECT * FROM sessions;
  CREATE TEMP TABLE kept_known_devices AS SELECT * FROM known_devices;
  CREATE TEMP TABLE kept_recovery_codes AS SELECT * FROM recovery_codes;
  CREATE TEMP TABLE kept_pending_sign_ins AS SELECT * FROM pending_sign_ins;
  CREATE TEMP TABLE kept_trusted_browsers AS SELECT * FROM trusted_browsers;

  CREATE TABLE accounts_new (
    email TEXT PRIMARY KEY,
    password_hash TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    totp_secret TEXT,
    totp_pending_secret TEXT,
    totp_last_step INTEGER,
    visits_summary INTEGER NOT NULL DEFAULT 0 CHECK (visits_summary IN (0, 1)),
    role TEXT CHECK (role IN ('administrator', 'editor', 'membership-secretary', 'branch-officer')),
    suspended_at INTEGER,
    branch_id INTEGER REFERENCES branches (id),
    CHECK (CASE WHEN role = 'branch-officer' THEN branch_id IS NOT NULL ELSE branch_id IS NULL END)
  );
  INSERT INTO accounts_new (email, password_hash, created_at, updated_at, totp_secret, totp_pending_secret, totp_last_step, visits_summary, role, suspended_at)
    SELECT email, password_hash, created_at, updated_at, totp_secret, totp_pending_secret, totp_last_step, visits_summary, role, suspended_at FROM accounts;
  DROP TABLE accounts;
  ALTER TABLE accounts_new RENAME TO accounts;
  CREATE INDEX accounts_by_branch ON accounts (branch_id);

  INSERT INTO sessions SELECT * FROM temp.kept_sessions;
  INSERT INTO known_devices SELECT * FROM temp.kept_known_devices;
  INSERT INTO recovery_codes SELECT * FROM temp.kept_recovery_codes;
  INSERT INTO pending_sign_ins SELECT * FROM temp.kept_pending_sign_ins;
  INSERT INTO trusted_browsers SELECT * FROM temp.kept_trusted_browsers;
  DROP TABLE temp.kept_sessions;
  DROP TABLE temp.kept_known_devices;
  DROP TABLE temp.kept_recovery_codes;
  DROP TABLE temp.kept_pending_sign_ins;
  DROP TABLE temp.kept_trusted_browsers;

  CREATE TABLE invitations_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    email TEXT NOT NULL UNIQUE,
    role TEXT NOT NULL CHECK (role IN ('administrator', 'editor', 'membership-secretary', 'branch-officer')),
    invited_by TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    token_hash TEXT UNIQUE,
    expires_at INTEGER,
    branch_id INTEGER REFERENCES branches (id) ON DELETE CASCADE,
    CHECK (CASE WHEN role = 'branch-officer' THEN branch_id IS NOT NULL ELSE branch_id IS NULL END)
  );
  INSERT INTO sqlite_sequence (name, seq) SELECT 'invitations_new', seq FROM sqlite_sequence WHERE name = 'invitations';
  INSERT INTO invitations_new (id, email, role, invited_by, created_at, token_hash, expires_at)
    SELECT id, email, role, invited_by, created_at, token_hash, expires_at FROM invitations;
  DROP TABLE invitations;
  ALTER TABLE invitations_new RENAME TO invitations;
  `,
];
