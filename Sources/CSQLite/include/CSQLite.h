#ifndef INTERMISSION_CSQLITE_H
#define INTERMISSION_CSQLITE_H

// SQLite through dlopen, loaded when the beacon queue is first opened: a run without beacons never
// maps it. The types and constants come from sqlite3.h; call only these functions, after a
// successful load.
#include <stddef.h>
#include <sqlite3.h>

/// Loads libsqlite3.so.0, once (thread-safe). Returns 0, or -1 with the reason in `error`.
int intermission_sqlite_load(char *error, size_t size);

int intermission_sqlite_open(const char *path, sqlite3 **database, int flags);
int intermission_sqlite_close(sqlite3 *database);
const char *intermission_sqlite_errmsg(sqlite3 *database);
const char *intermission_sqlite_errstr(int code);
int intermission_sqlite_busy_timeout(sqlite3 *database, int milliseconds);
int intermission_sqlite_exec(sqlite3 *database, const char *sql, char **message);
void intermission_sqlite_free(void *memory);
int intermission_sqlite_prepare(sqlite3 *database, const char *sql, sqlite3_stmt **statement);
int intermission_sqlite_finalize(sqlite3_stmt *statement);
int intermission_sqlite_reset(sqlite3_stmt *statement);
int intermission_sqlite_clear_bindings(sqlite3_stmt *statement);
int intermission_sqlite_bind_int64(sqlite3_stmt *statement, int index, sqlite3_int64 value);
int intermission_sqlite_bind_double(sqlite3_stmt *statement, int index, double value);
/// Binds a copy of `text` (SQLITE_TRANSIENT, a macro Swift cannot import).
int intermission_sqlite_bind_text(sqlite3_stmt *statement, int index, const char *text);
int intermission_sqlite_step(sqlite3_stmt *statement);
sqlite3_int64 intermission_sqlite_column_int64(sqlite3_stmt *statement, int column);
double intermission_sqlite_column_double(sqlite3_stmt *statement, int column);
const unsigned char *intermission_sqlite_column_text(sqlite3_stmt *statement, int column);
/// The full path of the WAL file of `database`'s main database, as SQLite itself names it (links
/// resolved, relative to the folder the database was opened in); NULL for an in-memory database.
const char *intermission_sqlite_wal_path(sqlite3 *database);

#endif
