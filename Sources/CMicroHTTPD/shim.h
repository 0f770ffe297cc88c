#ifndef ITINERARY_CMICROHTTPD_SHIM_H
#define ITINERARY_CMICROHTTPD_SHIM_H

#include <poll.h>
#include <stdarg.h>
#include <stdint.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <microhttpd.h>
// glibc's `mallopt` and `malloc_trim`, which Swift's Glibc module leaves
// out: the server gives the memory of large requests back (HeapRelease).
#include <malloc.h>

// `MHD_start_daemon` and `MHD_get_connection_info` are variadic, which
// Swift cannot call: one wrapper each, taking what the server sets.

/// Leaves a URL's path and query as they came, so that an escaped `/` in a
/// path segment (`/v1/likes/node%2F1`) stays inside its segment; the server
/// decodes each segment and argument itself.
static inline size_t itinerary_mhd_keep_escaped(void *context, struct MHD_Connection *connection, char *text) {
  (void)context;
  (void)connection;
  size_t length = 0;
  while (text[length] != 0) length++;
  return length;
}

/// Starts a daemon with a thread per connection, a limit on connections,
/// an idle timeout in seconds, a callback when each request ends and one
/// when each connection opens and closes. It listens on no socket of its
/// own: the server hands it each connection (`MHD_add_connection`).
static inline struct MHD_Daemon *itinerary_mhd_start(
    unsigned int flags, MHD_AccessHandlerCallback handler, void *handler_context,
    MHD_RequestCompletedCallback completed, void *completed_context,
    MHD_NotifyConnectionCallback notify, void *notify_context,
    unsigned int connection_limit, unsigned int connection_timeout, size_t memory_limit,
    size_t thread_stack_size) {
  return MHD_start_daemon(
      flags, 0, NULL, NULL, handler, handler_context,
      MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
      MHD_OPTION_NOTIFY_CONNECTION, notify, notify_context,
      MHD_OPTION_UNESCAPE_CALLBACK, itinerary_mhd_keep_escaped, NULL,
      MHD_OPTION_CONNECTION_LIMIT, connection_limit,
      MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout,
      MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
      MHD_OPTION_THREAD_STACK_SIZE, thread_stack_size,
      MHD_OPTION_END);
}

/// The connection's socket, to watch for a client that hung up.
static inline int itinerary_mhd_connection_socket(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  return info == NULL ? -1 : info->connect_fd;
}

/// `POLLRDHUP`, which glibc declares only for `_GNU_SOURCE`: the peer
/// closed its side.
#ifdef POLLRDHUP
static const short itinerary_poll_hang_up = POLLRDHUP;
#else
static const short itinerary_poll_hang_up = 0x2000;
#endif

#endif
