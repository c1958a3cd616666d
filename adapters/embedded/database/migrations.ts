/**
 * One step of the embedded database's schema. `version` is the step's place in the list (1, 2, …)
 * and what `PRAGMA user_version` holds once it has run. Steps are never edited once released:
 * a change is a new step at the end.
 *
 * A step runs inside a transaction with foreign keys ON (SQLite ignores `PRAGMA foreign_keys`
 * inside a transaction), so a table rebuild must leave every reference valid.
 */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

// Times are milliseconds since the epoch (INTEGER); dates without a time are 'YYYY-MM-DD' (TEXT).
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "account: user profiles, consents and the mail outbox",
    sql: `
      CREATE TABLE user_profile (
        uid TEXT PRIMARY KEY NOT NULL,
        name TEXT NOT NULL,
        surname TEXT NOT NULL,
        phone TEXT NOT NULL,
        birthdate TEXT NOT NULL,
        address TEXT NOT NULL,
        preferred_locale TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;

      -- One row per accepted version of a text: accepting a new version keeps the history.
      CREATE TABLE user_consent (
        uid TEXT NOT NULL REFERENCES user_profile (uid) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        text_version TEXT NOT NULL,
        accepted_at INTEGER NOT NULL,
        PRIMARY KEY (uid, kind, text_version)
      ) STRICT;

      CREATE TABLE mail_outbox (
        id TEXT PRIMARY KEY NOT NULL,
        to_address TEXT NOT NULL,
        locale TEXT NOT NULL,
        template TEXT NOT NULL,
        params_json TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(params_json)),
        subject TEXT NOT NULL,
        html TEXT NOT NULL,
        text TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        next_attempt_at INTEGER,
        last_error TEXT,
        created_at INTEGER NOT NULL,
        sent_at INTEGER
      ) STRICT;

      -- The sender's query: pending mails that are due.
      CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE status = 'pending';
    `,
  },
  {
    version: 2,
    name: "mail outbox: claims with a lease, so that each mail is sent once",
    // SQLite cannot change a CHECK in place: the table is rebuilt (nothing references it).
    sql: `
      CREATE TABLE mail_outbox_v2 (
        id TEXT PRIMARY KEY NOT NULL,
        to_address TEXT NOT NULL,
        locale TEXT NOT NULL,
        template TEXT NOT NULL,
        params_json TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(params_json)),
        subject TEXT NOT NULL,
        html TEXT NOT NULL,
        text TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        next_attempt_at INTEGER,
        last_error TEXT,
        created_at INTEGER NOT NULL,
        sent_at INTEGER,
        -- A sender owns a 'sending' mail until lease_until; one that died mid-send leaves it to be
        -- claimed again after that. claim_token tells a sender whether the mail is still its own.
        claim_token TEXT,
        lease_until INTEGER,
        CHECK ((status = 'sending') = (claim_token IS NOT NULL AND lease_until IS NOT NULL)),
        CHECK (status <> 'pending' OR next_attempt_at IS NOT NULL)
      ) STRICT;

      INSERT INTO mail_outbox_v2 (id, to_address, locale, template, params_json, subject, html, text, status, attempts, next_attempt_at, last_error, created_at, sent_at)
        SELECT id, to_address, locale, template, params_json, subject, html, text, status, attempts,
               CASE WHEN status = 'pending' THEN coalesce(next_attempt_at, created_at) ELSE next_attempt_at END,
               last_error, created_at, sent_at
        FROM mail_outbox;
      DROP TABLE mail_outbox;
      ALTER TABLE mail_outbox_v2 RENAME TO mail_outbox;

      -- The sender's queries: pending mails that are due, claims whose lease has run out.
      CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE status = 'pending';
      CREATE INDEX mail_outbox_leased ON mail_outbox (lease_until) WHERE status = 'sending';
      -- The viewer's list, newest first.
      CREATE INDEX mail_outbox_created ON mail_outbox (created_at);
    `,
  },
  {
    version: 3,
    name: "local identity: better-auth's tables (1.7.25) and each user's session revocation",
    // better-auth's own SQL for its schema, frozen here so that it is versioned with ours (its
    // CLI cannot run on Node 20). tests/unit/adapters/embedded/identity checks that better-auth
    // finds nothing left to migrate. Its dates are ISO text and its booleans 0/1.
    sql: `
      create table "user" ("id" text not null primary key, "name" text not null, "email" text not null unique, "emailVerified" integer not null, "image" text, "createdAt" date not null, "updatedAt" date not null);
      create table "session" ("id" text not null primary key, "expiresAt" date not null, "token" text not null unique, "createdAt" date not null, "updatedAt" date not null, "ipAddress" text, "userAgent" text, "userId" text not null references "user" ("id") on delete cascade);
      create table "account" ("id" text not null primary key, "accountId" text not null, "providerId" text not null, "userId" text not null references "user" ("id") on delete cascade, "accessToken" text, "refreshToken" text, "idToken" text, "accessTokenExpiresAt" date, "refreshTokenExpiresAt" date, "scope" text, "password" text, "createdAt" date not null, "updatedAt" date not null);
      create table "verification" ("id" text not null primary key, "identifier" text not null, "value" text not null, "expiresAt" date not null, "createdAt" date not null, "updatedAt" date not null);
      create index "session_userId_idx" on "session" ("userId");
      create index "account_userId_idx" on "account" ("userId");
      create index "verification_identifier_idx" on "verification" ("identifier");

      -- Session credentials issued to the user before not_before (ms since the epoch) are refused.
      CREATE TABLE session_revocation (
        uid TEXT PRIMARY KEY NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
        not_before INTEGER NOT NULL
      ) STRICT;
    `,
  },
  {
    version: 4,
    name: "user profiles: phone, birthdate and address unknown until completed; every consent given or withdrawn",
    // user_consent could not record a withdrawal: consent_change replaces it, and the consents in
    // force are each kind's latest change. Dropping a referenced table deletes its children first
    // (foreign keys are ON), so the consents wait in a plain copy while the profiles are rebuilt.
    // A consent of a kind outside the CHECK fails the step, which rolls back: nothing is dropped.
    sql: `
      CREATE TABLE user_profile_v4 (
        uid TEXT PRIMARY KEY NOT NULL,
        name TEXT NOT NULL,
        surname TEXT NOT NULL,
        phone TEXT,
        birthdate TEXT,
        address TEXT,
        preferred_locale TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      INSERT INTO user_profile_v4 (uid, name, surname, phone, birthdate, address, preferred_locale, created_at, updated_at)
        SELECT uid, name, surname, phone, birthdate, address, preferred_locale, created_at, updated_at FROM user_profile;

      CREATE TABLE user_consent_copy (uid TEXT NOT NULL, kind TEXT NOT NULL, text_version TEXT NOT NULL, accepted_at INTEGER NOT NULL) STRICT;
      INSERT INTO user_consent_copy (uid, kind, text_version, accepted_at) SELECT uid, kind, text_version, accepted_at FROM user_consent;

      DROP TABLE user_consent;
      DROP TABLE user_profile;
      ALTER TABLE user_profile_v4 RENAME TO user_profile;

      -- The consent history, in the order it was recorded (id); a kind's latest row is the one in force.
      CREATE TABLE consent_change (
        id INTEGER PRIMARY KEY NOT NULL,
        uid TEXT NOT NULL REFERENCES user_profile (uid) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('privacyPolicy', 'communication', 'marketing')),
        accepted INTEGER NOT NULL CHECK (accepted IN (0, 1)),
        at INTEGER NOT NULL,
        text_version TEXT NOT NULL
      ) STRICT;
      CREATE INDEX consent_change_uid ON consent_change (uid, kind, id);

      INSERT INTO consent_change (uid, kind, accepted, at, text_version)
        SELECT uid, kind, 1, accepted_at, text_version FROM user_consent_copy ORDER BY accepted_at, uid, kind, text_version;
      DROP TABLE user_consent_copy;
    `,
  },
  {
    version: 5,
    name: "forms: the lead inbox, the newsletter's subscriptions, and headers for mails about a list",
    sql: `
      -- A repeat of (kind, idempotency_key) is the same submission; fingerprint tells a repeat from a reused key.
      CREATE TABLE lead_submission (
        id TEXT PRIMARY KEY NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('contact', 'hospitality', 'newsletter', 'job-application')),
        fields_json TEXT NOT NULL CHECK (json_valid(fields_json)),
        consents_json TEXT NOT NULL CHECK (json_valid(consents_json)),
        locale TEXT NOT NULL,
        submitted_at INTEGER NOT NULL,
        user_id TEXT,
        idempotency_key TEXT NOT NULL,
        fingerprint TEXT NOT NULL,
        UNIQUE (kind, idempotency_key)
      ) STRICT;
      -- The export's and the retention's queries.
      CREATE INDEX lead_submission_submitted ON lead_submission (submitted_at);
      CREATE INDEX lead_submission_kind_submitted ON lead_submission (kind, submitted_at);

      CREATE TABLE newsletter_subscription (
        email TEXT PRIMARY KEY NOT NULL CHECK (email = lower(email)),
        status TEXT NOT NULL CHECK (status IN ('pending', 'subscribed', 'unsubscribed')),
        locale TEXT NOT NULL,
        requested_at INTEGER NOT NULL,
        confirmed_at INTEGER,
        unsubscribed_at INTEGER
      ) STRICT;

      -- Extra headers of one mail (List-Unsubscribe), as a JSON object of strings.
      ALTER TABLE mail_outbox ADD COLUMN headers_json TEXT NOT NULL DEFAULT '{}';
    `,
  },
  {
    version: 6,
    name: "tickets: sold counts, holds, orders with their tickets, and box-office purchase codes",
    // Capacities are the CMS's and never stored here. What is left of a type is its capacity
    // minus ticket_type_sales.sold minus the quantities of hold lines not yet expired, so a hold
    // stops counting at its expiry with no job to clear it.
    sql: `
      CREATE TABLE ticket_type_sales (
        ticket_type_id TEXT PRIMARY KEY NOT NULL,
        sold INTEGER NOT NULL CHECK (sold >= 0)
      ) STRICT;

      -- A repeat of (user_id, idempotency_key) is the same hold; lines_json answers it and tells a repeat from a reused key.
      CREATE TABLE ticket_hold (
        id TEXT PRIMARY KEY NOT NULL,
        user_id TEXT NOT NULL,
        event_id TEXT NOT NULL,
        idempotency_key TEXT NOT NULL,
        lines_json TEXT NOT NULL CHECK (json_valid(lines_json)),
        held_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        extended INTEGER NOT NULL CHECK (extended IN (0, 1)),
        status TEXT NOT NULL CHECK (status IN ('held', 'released', 'confirmed')),
        UNIQUE (user_id, idempotency_key)
      ) STRICT;

      -- The stock a hold keeps aside, while its status is 'held': deleted when it is released or
      -- confirmed, ignored once expires_at has passed.
      CREATE TABLE ticket_hold_line (
        hold_id TEXT NOT NULL REFERENCES ticket_hold (id),
        ticket_type_id TEXT NOT NULL,
        quantity INTEGER NOT NULL CHECK (quantity > 0),
        expires_at INTEGER NOT NULL,
        PRIMARY KEY (hold_id, ticket_type_id)
      ) STRICT;
      CREATE INDEX ticket_hold_line_unexpired ON ticket_hold_line (ticket_type_id, expires_at);

      -- An online order comes from one hold; a box-office one has a purchase code and no user until claimed.
      CREATE TABLE ticket_order (
        id TEXT PRIMARY KEY NOT NULL,
        user_id TEXT,
        event_id TEXT NOT NULL,
        channel TEXT NOT NULL CHECK (channel IN ('online', 'box-office')),
        hold_id TEXT UNIQUE REFERENCES ticket_hold (id),
        purchase_code TEXT UNIQUE,
        status TEXT NOT NULL CHECK (status IN ('confirmed', 'cancelled')),
        placed_at INTEGER NOT NULL,
        cancelled_at INTEGER,
        CHECK ((channel = 'online') = (hold_id IS NOT NULL AND user_id IS NOT NULL AND purchase_code IS NULL)),
        CHECK ((channel = 'box-office') = (purchase_code IS NOT NULL AND hold_id IS NULL)),
        CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL))
      ) STRICT;
      CREATE INDEX ticket_order_user ON ticket_order (user_id, placed_at);

      CREATE TABLE ticket (
        id TEXT PRIMARY KEY NOT NULL,
        order_id TEXT NOT NULL REFERENCES ticket_order (id),
        position INTEGER NOT NULL,
        ticket_type_id TEXT NOT NULL,
        code TEXT NOT NULL UNIQUE,
        UNIQUE (order_id, position)
      ) STRICT;
    `,
  },
  {
    version: 7,
    name: "tickets: clicks on external sellers' buy buttons, counted per event and day",
    sql: `
      CREATE TABLE external_ticket_click (
        event_id TEXT NOT NULL,
        day TEXT NOT NULL,
        clicks INTEGER NOT NULL CHECK (clicks > 0),
        PRIMARY KEY (event_id, day)
      ) STRICT;
    `,
  },
  {
    version: 8,
    name: "tickets: external sellers' clicks counted once per visitor, event and day (a keyed hash of the address, kept for its day)",
    sql: `
      CREATE TABLE external_ticket_click_visitor (
        event_id TEXT NOT NULL,
        day TEXT NOT NULL,
        visitor TEXT NOT NULL,
        PRIMARY KEY (event_id, day, visitor)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX external_ticket_click_visitor_day ON external_ticket_click_visitor (day);
    `,
  },
  {
    version: 9,
    name: "the embedded editor's sessions, server side",
    sql: `
      -- A session per sign-in: the digest of the cookie's random token, the password it was opened under.
      CREATE TABLE editor_session (
        token_digest TEXT PRIMARY KEY NOT NULL,
        password_fingerprint TEXT NOT NULL,
        expires_at INTEGER NOT NULL
      ) STRICT;
    `,
  },
  {
    version: 10,
    name: "ID tokens traded for a session, remembered until they expire",
    sql: `
      -- The digest of each token spent (never the token), and when it would have expired.
      CREATE TABLE spent_token (
        digest TEXT PRIMARY KEY NOT NULL,
        expires_at INTEGER NOT NULL
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX spent_token_expiry ON spent_token (expires_at);
    `,
  },
  {
    version: 11,
    name: "door check-ins (issue 54): each kiosk's, the first of a ticket admitted",
    sql: `
      -- One row per check-in a kiosk sent, keyed by the id it made; one admitted row per ticket.
      CREATE TABLE check_in (
        event_id TEXT NOT NULL,
        check_in_id TEXT NOT NULL,
        ticket_id TEXT NOT NULL,
        gate TEXT NOT NULL,
        device_id TEXT NOT NULL,
        scanned_at TEXT NOT NULL,
        received_at TEXT NOT NULL,
        admitted INTEGER NOT NULL CHECK (admitted IN (0, 1)),
        PRIMARY KEY (event_id, check_in_id)
      ) STRICT, WITHOUT ROWID;
      CREATE UNIQUE INDEX check_in_first ON check_in (event_id, ticket_id) WHERE admitted = 1;
      -- An event's orders, for its door kiosks' pack.
      CREATE INDEX ticket_order_event ON ticket_order (event_id);
    `,
  },
  {
    version: 12,
    name: "door staff (issue 54): the accounts granted check-in, and for which events",
    sql: `
      -- events: '*' for all, else a JSON array of event story uuids.
      CREATE TABLE staff_access (
        uid TEXT PRIMARY KEY NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
        events TEXT NOT NULL
      ) STRICT;
    `,
  },
  {
    version: 13,
    name: "tickets (issue 54): a cancelled order's refund, for the door kiosks to refuse its tickets as refunded",
    sql: `
      -- A refunded order is a cancelled one (its tickets on sale again) whose money was given back.
      ALTER TABLE ticket_order ADD COLUMN refunded INTEGER NOT NULL DEFAULT 0 CHECK (refunded IN (0, 1) AND (refunded = 0 OR status = 'cancelled'));
    `,
  },
];
