#ifndef ITINERARY_CCURL_SHIM_H
#define ITINERARY_CCURL_SHIM_H

#include <curl/curl.h>

// `curl_easy_setopt` and `curl_easy_getinfo` are variadic (and macros), which
// Swift cannot call: one wrapper per argument type.

typedef size_t (*itinerary_curl_data_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode itinerary_curl_setopt_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode itinerary_curl_setopt_string(CURL *handle, CURLoption option, const char *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode itinerary_curl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode itinerary_curl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
  return curl_easy_setopt(handle, option, value);
}

/// For `CURLOPT_WRITEFUNCTION` and `CURLOPT_HEADERFUNCTION`.
static inline CURLcode itinerary_curl_setopt_callback(CURL *handle, CURLoption option, itinerary_curl_data_callback value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode itinerary_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
  return curl_easy_getinfo(handle, info, value);
}

#endif
