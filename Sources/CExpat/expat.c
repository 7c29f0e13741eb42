// libexpat through dlopen: a streaming parser with namespaces, and nothing of DTDs.
#include <expat.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "CExpat.h"
#include "CIntermissionSupport.h"

static struct {
    __typeof__(&XML_ParserCreateNS) create;
    __typeof__(&XML_ParserFree) free;
    __typeof__(&XML_SetUserData) set_user_data;
    __typeof__(&XML_SetElementHandler) set_element_handler;
    __typeof__(&XML_SetCharacterDataHandler) set_character_data_handler;
    __typeof__(&XML_SetStartDoctypeDeclHandler) set_start_doctype_handler;
    __typeof__(&XML_SetEntityDeclHandler) set_entity_decl_handler;
    __typeof__(&XML_SetParamEntityParsing) set_param_entity_parsing;
    __typeof__(&XML_StopParser) stop;
    __typeof__(&XML_Parse) parse;
    __typeof__(&XML_GetErrorCode) error_code;
    __typeof__(&XML_ErrorString) error_string;
    __typeof__(&XML_GetCurrentLineNumber) line;
} expat;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int status = -1;
static char load_failure[256] = "libexpat was not loaded";

static void load(void)
{
    const struct intermission_symbol symbols[] = {
        {"XML_ParserCreateNS", (void **)&expat.create},
        {"XML_ParserFree", (void **)&expat.free},
        {"XML_SetUserData", (void **)&expat.set_user_data},
        {"XML_SetElementHandler", (void **)&expat.set_element_handler},
        {"XML_SetCharacterDataHandler", (void **)&expat.set_character_data_handler},
        {"XML_SetStartDoctypeDeclHandler", (void **)&expat.set_start_doctype_handler},
        {"XML_SetEntityDeclHandler", (void **)&expat.set_entity_decl_handler},
        {"XML_SetParamEntityParsing", (void **)&expat.set_param_entity_parsing},
        {"XML_StopParser", (void **)&expat.stop},
        {"XML_Parse", (void **)&expat.parse},
        {"XML_GetErrorCode", (void **)&expat.error_code},
        {"XML_ErrorString", (void **)&expat.error_string},
        {"XML_GetCurrentLineNumber", (void **)&expat.line},
    };
    if (intermission_load_library("libexpat.so.1", symbols, sizeof symbols / sizeof *symbols, load_failure,
                                  sizeof load_failure) == 0)
        status = 0;
}

/// Namespaced names come as "uri" SEPARATOR "local".
static const char SEPARATOR = '\x01';

struct reading {
    XML_Parser parser;
    const intermission_xml_handlers *handlers;
    int depth;
    int max_depth;
    size_t nodes;     /* elements and attributes read so far */
    size_t max_nodes;
    const char *refusal; /* why the document was stopped, or NULL */
    const char *attributes[2 * 64 + 1];
};

static const char *local_name(const char *name)
{
    const char *separator = strrchr(name, SEPARATOR);
    return separator ? separator + 1 : name;
}

static void refuse(struct reading *reading, const char *why)
{
    if (!reading->refusal) reading->refusal = why;
    expat.stop(reading->parser, XML_FALSE);
}

static void XMLCALL on_start(void *data, const XML_Char *name, const XML_Char **attributes)
{
    struct reading *reading = data;
    if (reading->refusal) return;
    if (++reading->depth > reading->max_depth) {
        refuse(reading, "elements nested too deep");
        return;
    }
    size_t count = 0;
    for (size_t i = 0; attributes[i] && attributes[i + 1] && count + 2 < sizeof reading->attributes / sizeof *reading->attributes; i += 2) {
        reading->attributes[count++] = local_name(attributes[i]);
        reading->attributes[count++] = attributes[i + 1];
    }
    reading->attributes[count] = NULL;
    reading->nodes += 1 + count / 2;
    if (reading->nodes > reading->max_nodes) {
        refuse(reading, "more elements and attributes than a document of its size may hold");
        return;
    }
    reading->handlers->start(reading->handlers->user, local_name(name), reading->attributes);
}

static void XMLCALL on_end(void *data, const XML_Char *name)
{
    struct reading *reading = data;
    if (reading->refusal) return;
    reading->depth -= 1;
    reading->handlers->end(reading->handlers->user, local_name(name));
}

static void XMLCALL on_text(void *data, const XML_Char *text, int length)
{
    struct reading *reading = data;
    if (reading->refusal) return;
    reading->handlers->text(reading->handlers->user, text, length);
}

static void XMLCALL on_doctype(void *data, const XML_Char *name, const XML_Char *system_id, const XML_Char *public_id,
                               int has_internal_subset)
{
    (void)name, (void)system_id, (void)public_id, (void)has_internal_subset;
    refuse(data, "a document type declaration (DTDs and entities are refused)");
}

static void XMLCALL on_entity(void *data, const XML_Char *name, int is_parameter, const XML_Char *value, int length,
                              const XML_Char *base, const XML_Char *system_id, const XML_Char *public_id,
                              const XML_Char *notation)
{
    (void)name, (void)is_parameter, (void)value, (void)length, (void)base, (void)system_id, (void)public_id,
        (void)notation;
    refuse(data, "an entity declaration (DTDs and entities are refused)");
}

int intermission_xml_parse(const char *bytes, size_t length, int max_depth, size_t max_nodes,
                           const intermission_xml_handlers *handlers, char *error, size_t error_size)
{
    pthread_once(&once, load);
    if (status != 0) {
        snprintf(error, error_size, "%s", load_failure);
        return -1;
    }
    if (length > (size_t)0x7fffffff) {
        snprintf(error, error_size, "the document is too large");
        return -1;
    }
    struct reading reading = {.handlers = handlers, .max_depth = max_depth, .max_nodes = max_nodes};
    reading.parser = expat.create(NULL, SEPARATOR);
    if (!reading.parser) {
        snprintf(error, error_size, "XML_ParserCreateNS failed");
        return -1;
    }
    expat.set_user_data(reading.parser, &reading);
    expat.set_element_handler(reading.parser, on_start, on_end);
    expat.set_character_data_handler(reading.parser, on_text);
    expat.set_start_doctype_handler(reading.parser, on_doctype);
    expat.set_entity_decl_handler(reading.parser, on_entity);
    expat.set_param_entity_parsing(reading.parser, XML_PARAM_ENTITY_PARSING_NEVER);
    int result = 0;
    if (expat.parse(reading.parser, bytes, (int)length, XML_TRUE) != XML_STATUS_OK || reading.refusal) {
        unsigned long line = (unsigned long)expat.line(reading.parser);
        const char *why = reading.refusal ? reading.refusal : expat.error_string(expat.error_code(reading.parser));
        snprintf(error, error_size, "%s at line %lu", why ? why : "malformed XML", line);
        result = -1;
    }
    expat.free(reading.parser);
    return result;
}
