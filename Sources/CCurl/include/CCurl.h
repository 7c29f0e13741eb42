#ifndef INTERMISSION_CCURL_H
#define INTERMISSION_CCURL_H

// libcurl through dlopen, loaded the first time ads or beacons go over HTTP: a run with local ads
// and no beacons never maps libcurl and its TLS libraries (start-up and memory stay as before).
// The types and constants come from curl.h; call only these functions, after a successful load.
#include <stddef.h>
#include <curl/curl.h>

/// Loads libcurl.so.4 and initialises it, once (thread-safe). Returns 0, or -1 with the reason in
/// `error` (each call after a failure gives the same reason).
int intermission_curl_load(char *error, size_t size);

CURL *intermission_curl_easy_init(void);
void intermission_curl_easy_cleanup(CURL *handle);
CURLcode intermission_curl_easy_perform(CURL *handle);
const char *intermission_curl_easy_strerror(CURLcode code);
struct curl_slist *intermission_curl_slist_append(struct curl_slist *list, const char *text);
void intermission_curl_slist_free_all(struct curl_slist *list);

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one typed function
// per kind of argument instead.
CURLcode intermission_curl_set_long(CURL *handle, CURLoption option, long value);
CURLcode intermission_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value);
CURLcode intermission_curl_set_string(CURL *handle, CURLoption option, const char *value);
CURLcode intermission_curl_set_pointer(CURL *handle, CURLoption option, void *value);
typedef size_t (*intermission_curl_data_function)(char *data, size_t size, size_t count, void *context);
CURLcode intermission_curl_set_data_function(CURL *handle, CURLoption option, intermission_curl_data_function function);
typedef int (*intermission_curl_progress_function)(void *context, curl_off_t download_total, curl_off_t download_now,
                                                  curl_off_t upload_total, curl_off_t upload_now);
CURLcode intermission_curl_set_progress_function(CURL *handle, intermission_curl_progress_function function);
CURLcode intermission_curl_get_long(CURL *handle, CURLINFO info, long *value);
CURLcode intermission_curl_get_string(CURL *handle, CURLINFO info, char **value);

// Refuses connections to loopback, link-local, private, shared, unspecified and multicast addresses:
// the address each name resolves to is checked as its socket opens (CURLOPT_OPENSOCKETFUNCTION), so
// DNS cannot smuggle one in. `*refused` becomes 1 when a connection was refused so; it must live as
// long as the transfer.
struct sockaddr;
CURLcode intermission_curl_refuse_private_addresses(CURL *handle, int *refused);
/// Whether `address` is such an address (for tests).
int intermission_address_is_private(const struct sockaddr *address);

// The URL API (curl_url): parses a URL as libcurl will request it, and assembles it again.
CURLU *intermission_curl_url(void);
void intermission_curl_url_cleanup(CURLU *url);
CURLUcode intermission_curl_url_set(CURLU *url, CURLUPart part, const char *content, unsigned int flags);
CURLUcode intermission_curl_url_get(CURLU *url, CURLUPart part, char **content, unsigned int flags);
void intermission_curl_free(void *memory);

#endif
