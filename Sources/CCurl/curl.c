// libcurl through dlopen: the functions Intermission uses, looked up once, called through the table.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include "CCurl.h"
#include "CIntermissionSupport.h"

static struct {
    __typeof__(&curl_global_init) global_init;
    __typeof__(&curl_easy_init) easy_init;
    __typeof__(&curl_easy_cleanup) easy_cleanup;
    __typeof__(&curl_easy_perform) easy_perform;
    __typeof__(&curl_easy_strerror) easy_strerror;
    __typeof__(&curl_easy_setopt) easy_setopt;
    __typeof__(&curl_easy_getinfo) easy_getinfo;
    __typeof__(&curl_slist_append) slist_append;
    __typeof__(&curl_slist_free_all) slist_free_all;
    __typeof__(&curl_url) url;
    __typeof__(&curl_url_cleanup) url_cleanup;
    __typeof__(&curl_url_set) url_set;
    __typeof__(&curl_url_get) url_get;
    __typeof__(&curl_free) free;
} curl;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int status = -1;
static char reason[256] = "libcurl was not loaded";

static void load(void)
{
    const struct intermission_symbol symbols[] = {
        {"curl_global_init", (void **)&curl.global_init},
        {"curl_easy_init", (void **)&curl.easy_init},
        {"curl_easy_cleanup", (void **)&curl.easy_cleanup},
        {"curl_easy_perform", (void **)&curl.easy_perform},
        {"curl_easy_strerror", (void **)&curl.easy_strerror},
        {"curl_easy_setopt", (void **)&curl.easy_setopt},
        {"curl_easy_getinfo", (void **)&curl.easy_getinfo},
        {"curl_slist_append", (void **)&curl.slist_append},
        {"curl_slist_free_all", (void **)&curl.slist_free_all},
        {"curl_url", (void **)&curl.url},
        {"curl_url_cleanup", (void **)&curl.url_cleanup},
        {"curl_url_set", (void **)&curl.url_set},
        {"curl_url_get", (void **)&curl.url_get},
        {"curl_free", (void **)&curl.free},
    };
    if (intermission_load_library("libcurl.so.4", symbols, sizeof symbols / sizeof *symbols, reason, sizeof reason) != 0)
        return;
    CURLcode code = curl.global_init(CURL_GLOBAL_ALL);
    if (code != CURLE_OK) {
        snprintf(reason, sizeof reason, "curl_global_init: %s", curl.easy_strerror(code));
        return;
    }
    status = 0;
}

int intermission_curl_load(char *error, size_t size)
{
    pthread_once(&once, load);
    if (status != 0 && error && size) snprintf(error, size, "%s", reason);
    return status;
}

CURL *intermission_curl_easy_init(void) { return curl.easy_init(); }
void intermission_curl_easy_cleanup(CURL *handle) { curl.easy_cleanup(handle); }
CURLcode intermission_curl_easy_perform(CURL *handle) { return curl.easy_perform(handle); }
const char *intermission_curl_easy_strerror(CURLcode code) { return curl.easy_strerror(code); }
struct curl_slist *intermission_curl_slist_append(struct curl_slist *list, const char *text)
{
    return curl.slist_append(list, text);
}
void intermission_curl_slist_free_all(struct curl_slist *list) { curl.slist_free_all(list); }

CURLcode intermission_curl_set_long(CURL *handle, CURLoption option, long value)
{
    return curl.easy_setopt(handle, option, value);
}
CURLcode intermission_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value)
{
    return curl.easy_setopt(handle, option, value);
}
CURLcode intermission_curl_set_string(CURL *handle, CURLoption option, const char *value)
{
    return curl.easy_setopt(handle, option, value);
}
CURLcode intermission_curl_set_pointer(CURL *handle, CURLoption option, void *value)
{
    return curl.easy_setopt(handle, option, value);
}
CURLcode intermission_curl_set_data_function(CURL *handle, CURLoption option, intermission_curl_data_function function)
{
    return curl.easy_setopt(handle, option, function);
}
CURLcode intermission_curl_set_progress_function(CURL *handle, intermission_curl_progress_function function)
{
    return curl.easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, function);
}
CURLcode intermission_curl_get_long(CURL *handle, CURLINFO info, long *value)
{
    return curl.easy_getinfo(handle, info, value);
}
CURLcode intermission_curl_get_string(CURL *handle, CURLINFO info, char **value)
{
    return curl.easy_getinfo(handle, info, value);
}

CURLU *intermission_curl_url(void) { return curl.url(); }
void intermission_curl_url_cleanup(CURLU *url) { curl.url_cleanup(url); }
CURLUcode intermission_curl_url_set(CURLU *url, CURLUPart part, const char *content, unsigned int flags)
{
    return curl.url_set(url, part, content, flags);
}
CURLUcode intermission_curl_url_get(CURLU *url, CURLUPart part, char **content, unsigned int flags)
{
    return curl.url_get(url, part, content, flags);
}
void intermission_curl_free(void *memory) { curl.free(memory); }

/* Whether `address` is one an ad must not reach: unspecified, loopback, link-local, private
 * (RFC 1918, unique local), shared (100.64.0.0/10) or multicast, IPv4-mapped IPv6 included. */
static int is_private_address(const struct sockaddr *address)
{
    const unsigned char *bytes;
    if (address->sa_family == AF_INET) {
        bytes = (const unsigned char *)&((const struct sockaddr_in *)(const void *)address)->sin_addr;
    } else if (address->sa_family == AF_INET6) {
        const unsigned char *v6 = (const unsigned char *)&((const struct sockaddr_in6 *)(const void *)address)->sin6_addr;
        static const unsigned char mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF};
        static const unsigned char zeros[15] = {0};
        if (memcmp(v6, mapped, sizeof mapped) == 0) {
            bytes = v6 + 12;
        } else {
            if (memcmp(v6, zeros, sizeof zeros) == 0) return 1;   /* :: and ::1 */
            if ((v6[0] & 0xFE) == 0xFC) return 1;                 /* fc00::/7 */
            if (v6[0] == 0xFE && (v6[1] & 0xC0) == 0x80) return 1; /* fe80::/10 */
            return v6[0] == 0xFF;                                  /* multicast */
        }
    } else {
        return 1;
    }
    return bytes[0] == 0 || bytes[0] == 10 || bytes[0] == 127 || (bytes[0] == 169 && bytes[1] == 254)
        || (bytes[0] == 192 && bytes[1] == 168) || (bytes[0] == 172 && bytes[1] >= 16 && bytes[1] <= 31)
        || (bytes[0] == 100 && bytes[1] >= 64 && bytes[1] <= 127) || bytes[0] >= 224;
}

/* CURLOPT_OPENSOCKETFUNCTION: the address a name resolved to, checked as the socket opens. */
static curl_socket_t open_public_socket(void *context, curlsocktype purpose, struct curl_sockaddr *address)
{
    if (purpose == CURLSOCKTYPE_IPCXN && is_private_address(&address->addr)) {
        *(int *)context = 1;
        return CURL_SOCKET_BAD;
    }
    return socket(address->family, address->socktype, address->protocol);
}

CURLcode intermission_curl_refuse_private_addresses(CURL *handle, int *refused)
{
    CURLcode code = curl.easy_setopt(handle, CURLOPT_OPENSOCKETFUNCTION, open_public_socket);
    if (code != CURLE_OK) return code;
    return curl.easy_setopt(handle, CURLOPT_OPENSOCKETDATA, (void *)refused);
}

int intermission_address_is_private(const struct sockaddr *address) { return is_private_address(address); }
