#ifndef INTERMISSION_CCURL_SHIM_H
#define INTERMISSION_CCURL_SHIM_H

#include <curl/curl.h>

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one typed function
// per kind of argument instead.
static inline CURLcode intermission_curl_set_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}
static inline CURLcode intermission_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value) {
  return curl_easy_setopt(handle, option, value);
}
static inline CURLcode intermission_curl_set_string(CURL *handle, CURLoption option, const char *value) {
  return curl_easy_setopt(handle, option, value);
}
static inline CURLcode intermission_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
  return curl_easy_setopt(handle, option, value);
}
typedef size_t (*intermission_curl_data_function)(char *data, size_t size, size_t count, void *context);
static inline CURLcode intermission_curl_set_data_function(
    CURL *handle, CURLoption option, intermission_curl_data_function function) {
  return curl_easy_setopt(handle, option, function);
}
static inline CURLcode intermission_curl_get_long(CURL *handle, CURLINFO info, long *value) {
  return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode intermission_curl_get_string(CURL *handle, CURLINFO info, char **value) {
  return curl_easy_getinfo(handle, info, value);
}
static inline long intermission_curl_global_all(void) { return CURL_GLOBAL_ALL; }

#endif
