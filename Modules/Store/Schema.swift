/// The store's tables, as the steps that build them: version N of the schema is the first N
/// steps. A new file runs them all; an older file runs the ones it lacks, in one transaction
/// with the new version number, so a migration lands whole or not at all. `PRAGMA
/// user_version` records the version.
///
/// Adding a table or a column is adding a step at the end; a step never changes once shipped.
enum Schema {
    static let steps: [String] = [
        // 1: accounts, friendships, messages, and the failed sign-ins that lock a username.
        """
        CREATE TABLE users (
            id TEXT PRIMARY KEY NOT NULL,
            name TEXT NOT NULL,
            bio TEXT NOT NULL DEFAULT '',
            unavailable INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE passwords (
            user TEXT PRIMARY KEY NOT NULL REFERENCES users(id),
            iterations INTEGER NOT NULL,
            salt BLOB NOT NULL,
            hash BLOB NOT NULL
        );
        CREATE TABLE friendships (
            user TEXT NOT NULL REFERENCES users(id),
            friend TEXT NOT NULL REFERENCES users(id),
            PRIMARY KEY (user, friend)
        ) WITHOUT ROWID;
        CREATE TABLE messages (
            id INTEGER PRIMARY KEY,
            low TEXT NOT NULL,
            high TEXT NOT NULL,
            sender TEXT NOT NULL,
            recipient TEXT NOT NULL,
            text TEXT NOT NULL
        );
        CREATE INDEX messages_by_pair ON messages (low, high, id);
        CREATE TABLE failed_sign_ins (
            username TEXT PRIMARY KEY NOT NULL,
            count INTEGER NOT NULL,
            expires REAL NOT NULL,
            locked INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE password_resets (
            id INTEGER PRIMARY KEY,
            username TEXT NOT NULL
        );
        """,
        // 2: links in messages (a shared profile), flag choices, and where each user was.
        """
        ALTER TABLE messages ADD COLUMN link TEXT;
        CREATE TABLE flags (
            name TEXT PRIMARY KEY NOT NULL,
            value INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE places (
            user TEXT PRIMARY KEY NOT NULL REFERENCES users(id),
            state TEXT NOT NULL
        ) WITHOUT ROWID;
        """,
    ]

    /// The version this App writes.
    static var current: Int { steps.count }
}
