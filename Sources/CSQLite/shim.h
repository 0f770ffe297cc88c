#ifndef ITINERARY_CSQLITE_SHIM_H
#define ITINERARY_CSQLITE_SHIM_H

#include <sqlite3.h>

// `SQLITE_TRANSIENT` is a macro casting -1 to a function pointer, which Swift
// cannot import: bind through wrappers that pass it, so SQLite copies the bytes.

static inline int itinerary_sqlite3_bind_text(sqlite3_stmt *statement, int index, const char *text, int count) {
  return sqlite3_bind_text(statement, index, text, count, SQLITE_TRANSIENT);
}

static inline int itinerary_sqlite3_bind_blob(sqlite3_stmt *statement, int index, const void *bytes, int count) {
  return sqlite3_bind_blob(statement, index, bytes, count, SQLITE_TRANSIENT);
}

#endif
