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
        // 3: where each user was, one row for each App that quit: two Apps on one file signed in
        // as one user each keep theirs, and the next sign-in brings back both.
        """
        CREATE TABLE kept_places (
            id INTEGER PRIMARY KEY,
            user TEXT NOT NULL REFERENCES users(id),
            state TEXT NOT NULL
        );
        CREATE INDEX kept_places_by_user ON kept_places (user, id);
        INSERT INTO kept_places (user, state) SELECT user, state FROM places;
        DROP TABLE places;
        """,
        // 4: answers a place gave the screen that asked (a friend picked to share), kept until the
        // effect they ask for consumes them, in the same transaction that records it.
        """
        CREATE TABLE kept_answers (
            id INTEGER PRIMARY KEY,
            user TEXT NOT NULL REFERENCES users(id),
            asker TEXT NOT NULL,
            action TEXT NOT NULL,
            answer TEXT NOT NULL
        );
        CREATE INDEX kept_answers_by_user ON kept_answers (user, id);
        """,
        // 5: ids never given twice (AUTOINCREMENT): an App removes the kept states it brought back
        // by id, and SQLite gives a deleted row's id to the next insert otherwise, so one App
        // removed the state another had just kept. And an answer is kept from the moment its
        // question is kept (`answer` NULL while it is open), so two Apps that restored one
        // question answer it once: the first to write the answer wins.
        """
        CREATE TABLE kept_places_new (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            user TEXT NOT NULL REFERENCES users(id),
            state TEXT NOT NULL
        );
        INSERT INTO kept_places_new (id, user, state) SELECT id, user, state FROM kept_places;
        DROP TABLE kept_places;
        ALTER TABLE kept_places_new RENAME TO kept_places;
        CREATE INDEX kept_places_by_user ON kept_places (user, id);
        CREATE TABLE kept_answers_new (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            user TEXT NOT NULL REFERENCES users(id),
            asker TEXT NOT NULL,
            action TEXT NOT NULL,
            answer TEXT
        );
        INSERT INTO kept_answers_new (id, user, asker, action, answer)
            SELECT id, user, asker, action, answer FROM kept_answers;
        DROP TABLE kept_answers;
        ALTER TABLE kept_answers_new RENAME TO kept_answers;
        CREATE INDEX kept_answers_by_user ON kept_answers (user, id);
        """,
    ]

    /// The version this App writes.
    static var current: Int { steps.count }

    /// What a file of `version` holds: every table with its columns (name, type, `NOT NULL`,
    /// default, key) and every index with its table, one line each, sorted. Two files of one
    /// version have the same shape however their SQL was spaced: it is read through SQLite's
    /// own `table_info`, not compared as text.
    /// - Parameter version: from 0 (nothing) to `current`.
    /// - Returns: the lines; `nil` for a version this App does not know.
    static func shape(at version: Int) -> [String]? {
        guard (0...current).contains(version) else { return nil }
        guard let memory = try? SQLiteConnection(path: ":memory:", access: .create) else { return nil }
        for step in steps[..<version] {
            guard (try? memory.execute(step)) != nil else { return nil }
        }
        return try? shape(of: memory)
    }

    /// What the database `connection` reads holds, as `shape(at:)` writes it.
    /// - Throws: `StoreError` when SQLite cannot read it.
    static func shape(of connection: SQLiteConnection) throws(StoreError) -> [String] {
        try connection.statement(
            """
            SELECT m.type, m.name, coalesce(p.name, ''), coalesce(p.type, ''), coalesce(p."notnull", 0),
                coalesce(p.dflt_value, ''), coalesce(p.pk, 0), m.tbl_name
            FROM sqlite_master m LEFT JOIN pragma_table_info(m.name) p ON m.type = 'table'
            ORDER BY m.type, m.name, p.cid
            """
        ).rows { row in
            (0..<8).map { row.text(Int32($0)) }.joined(separator: " | ")
        }
    }
}
