// SQLite through dlopen: the functions Intermission uses, looked up once, called through the table.
#include <pthread.h>
#include <stdio.h>

#include "CSQLite.h"
#include "CIntermissionSupport.h"

static struct {
    __typeof__(&sqlite3_open_v2) open;
    __typeof__(&sqlite3_close) close;
    __typeof__(&sqlite3_errmsg) errmsg;
    __typeof__(&sqlite3_errstr) errstr;
    __typeof__(&sqlite3_busy_timeout) busy_timeout;
    __typeof__(&sqlite3_exec) exec;
    __typeof__(&sqlite3_free) free;
    __typeof__(&sqlite3_prepare_v2) prepare;
    __typeof__(&sqlite3_finalize) finalize;
    __typeof__(&sqlite3_reset) reset;
    __typeof__(&sqlite3_clear_bindings) clear_bindings;
    __typeof__(&sqlite3_bind_int64) bind_int64;
    __typeof__(&sqlite3_bind_double) bind_double;
    __typeof__(&sqlite3_bind_text) bind_text;
    __typeof__(&sqlite3_step) step;
    __typeof__(&sqlite3_column_int64) column_int64;
    __typeof__(&sqlite3_column_double) column_double;
    __typeof__(&sqlite3_column_text) column_text;
    __typeof__(&sqlite3_db_filename) db_filename;
    __typeof__(&sqlite3_filename_wal) filename_wal;
} sqlite;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int status = -1;
static char reason[256] = "SQLite was not loaded";

static void load(void)
{
    const struct intermission_symbol symbols[] = {
        {"sqlite3_open_v2", (void **)&sqlite.open},
        {"sqlite3_close", (void **)&sqlite.close},
        {"sqlite3_errmsg", (void **)&sqlite.errmsg},
        {"sqlite3_errstr", (void **)&sqlite.errstr},
        {"sqlite3_busy_timeout", (void **)&sqlite.busy_timeout},
        {"sqlite3_exec", (void **)&sqlite.exec},
        {"sqlite3_free", (void **)&sqlite.free},
        {"sqlite3_prepare_v2", (void **)&sqlite.prepare},
        {"sqlite3_finalize", (void **)&sqlite.finalize},
        {"sqlite3_reset", (void **)&sqlite.reset},
        {"sqlite3_clear_bindings", (void **)&sqlite.clear_bindings},
        {"sqlite3_bind_int64", (void **)&sqlite.bind_int64},
        {"sqlite3_bind_double", (void **)&sqlite.bind_double},
        {"sqlite3_bind_text", (void **)&sqlite.bind_text},
        {"sqlite3_step", (void **)&sqlite.step},
        {"sqlite3_column_int64", (void **)&sqlite.column_int64},
        {"sqlite3_column_double", (void **)&sqlite.column_double},
        {"sqlite3_column_text", (void **)&sqlite.column_text},
        {"sqlite3_db_filename", (void **)&sqlite.db_filename},
        {"sqlite3_filename_wal", (void **)&sqlite.filename_wal},
    };
    if (intermission_load_library("libsqlite3.so.0", symbols, sizeof symbols / sizeof *symbols, reason, sizeof reason) == 0)
        status = 0;
}

int intermission_sqlite_load(char *error, size_t size)
{
    pthread_once(&once, load);
    if (status != 0 && error && size) snprintf(error, size, "%s", reason);
    return status;
}

int intermission_sqlite_open(const char *path, sqlite3 **database, int flags)
{
    return sqlite.open(path, database, flags, NULL);
}
int intermission_sqlite_close(sqlite3 *database) { return sqlite.close(database); }
const char *intermission_sqlite_errmsg(sqlite3 *database) { return sqlite.errmsg(database); }
const char *intermission_sqlite_errstr(int code) { return sqlite.errstr(code); }
int intermission_sqlite_busy_timeout(sqlite3 *database, int milliseconds)
{
    return sqlite.busy_timeout(database, milliseconds);
}
int intermission_sqlite_exec(sqlite3 *database, const char *sql, char **message)
{
    return sqlite.exec(database, sql, NULL, NULL, message);
}
void intermission_sqlite_free(void *memory) { sqlite.free(memory); }
int intermission_sqlite_prepare(sqlite3 *database, const char *sql, sqlite3_stmt **statement)
{
    return sqlite.prepare(database, sql, -1, statement, NULL);
}
int intermission_sqlite_finalize(sqlite3_stmt *statement) { return sqlite.finalize(statement); }
int intermission_sqlite_reset(sqlite3_stmt *statement) { return sqlite.reset(statement); }
int intermission_sqlite_clear_bindings(sqlite3_stmt *statement) { return sqlite.clear_bindings(statement); }
int intermission_sqlite_bind_int64(sqlite3_stmt *statement, int index, sqlite3_int64 value)
{
    return sqlite.bind_int64(statement, index, value);
}
int intermission_sqlite_bind_double(sqlite3_stmt *statement, int index, double value)
{
    return sqlite.bind_double(statement, index, value);
}
int intermission_sqlite_bind_text(sqlite3_stmt *statement, int index, const char *text)
{
    return sqlite.bind_text(statement, index, text, -1, SQLITE_TRANSIENT);
}
int intermission_sqlite_step(sqlite3_stmt *statement) { return sqlite.step(statement); }
sqlite3_int64 intermission_sqlite_column_int64(sqlite3_stmt *statement, int column)
{
    return sqlite.column_int64(statement, column);
}
double intermission_sqlite_column_double(sqlite3_stmt *statement, int column)
{
    return sqlite.column_double(statement, column);
}
const unsigned char *intermission_sqlite_column_text(sqlite3_stmt *statement, int column)
{
    return sqlite.column_text(statement, column);
}

const char *intermission_sqlite_wal_path(sqlite3 *database)
{
    // sqlite3_db_filename gives "" for an in-memory or temporary database, and only a name it
    // returned may be passed to sqlite3_filename_wal.
    const char *name = sqlite.db_filename(database, "main");
    if (!name || !*name) return NULL;
    return sqlite.filename_wal(name);
}
