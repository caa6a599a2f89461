// SQLite, the platform's own library: in Apple's SDKs, and Debian's libsqlite3-dev on Linux.
#include <sqlite3.h>
