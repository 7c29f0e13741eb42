#ifndef INTERMISSION_CEXPAT_H
#define INTERMISSION_CEXPAT_H

#include <stddef.h>

/// What an XML document is read into: the elements' local names (any namespace dropped, so that a
/// default namespace such as VAST's is accepted), their attributes, and their text.
typedef struct intermission_xml_handlers {
    void *user;
    /// An element begins: its local name, and its attributes as local name, value pairs, ending
    /// with NULL.
    void (*start)(void *user, const char *name, const char **attributes);
    /// An element ends.
    void (*end)(void *user, const char *name);
    /// Text inside the current element (CDATA included), in one or more pieces; not terminated.
    void (*text)(void *user, const char *text, int length);
} intermission_xml_handlers;

/// Parses the `length` bytes of an XML document with libexpat (loaded with dlopen at the first
/// call), calling `handlers` as it goes. It refuses any document type declaration (so no entity is
/// ever declared, expanded or fetched: no billion laughs, no external entity), elements nested
/// more than `max_depth` deep, and more than `max_nodes` elements and attributes in all (each
/// element counts one, and one more for each of its attributes). Returns 0, or -1 with the reason
/// (and the line) in `error`.
int intermission_xml_parse(const char *bytes, size_t length, int max_depth, size_t max_nodes,
                           const intermission_xml_handlers *handlers, char *error, size_t error_size);

#endif
