#ifndef PARLO_CLIBXML2_SHIM_H
#define PARLO_CLIBXML2_SHIM_H
/* Thin shim over libxml2's SAX parser for SSML: element events and the first error, nothing
 * loaded from outside (no DTD, no entities, no network). Parlo used FoundationXML's XMLParser
 * before; on Linux it dereferences null on a processing instruction without data and leaks
 * about 300 bytes per malformed document (docs/hardening.md). */
#include <libxml/xmlversion.h>
/* Debian's libxml2 is built with ICU, and its encoding header then includes ICU's, which clash
 * with Foundation's own copy of ICU in Swift's module cache. Nothing here touches encoding
 * handlers (the only structure ICU changes), so the headers are read without it. */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#include <string.h>

/* What the caller hears, through `context`, and the first error (code 0: well-formed). */
typedef struct {
    void *context;
    /* An element: its prefix (or NULL) and local name, and `count` attributes as libxml2 gives
     * them, five pointers each: local name, prefix, URI, value start, value end. */
    void (*start)(void *context, const char *prefix, const char *name, int count, const char **attributes);
    void (*end)(void *context, const char *prefix, const char *name);
    void (*text)(void *context, const char *characters, int length);
    void (*instruction)(void *context);           /* a processing instruction, `<?…?>` */
    int error_code, error_line, error_column;
} parlo_xml_events;

static void parlo_xml_on_start(void *user, const xmlChar *name, const xmlChar *prefix, const xmlChar *uri,
                               int namespaces, const xmlChar **namespace_pairs, int count, int defaulted,
                               const xmlChar **attributes) {
    (void)uri; (void)namespaces; (void)namespace_pairs; (void)defaulted;
    parlo_xml_events *e = (parlo_xml_events *)user;
    e->start(e->context, (const char *)prefix, (const char *)name, count, (const char **)attributes);
}
static void parlo_xml_on_end(void *user, const xmlChar *name, const xmlChar *prefix, const xmlChar *uri) {
    (void)uri;
    parlo_xml_events *e = (parlo_xml_events *)user;
    e->end(e->context, (const char *)prefix, (const char *)name);
}
static void parlo_xml_on_text(void *user, const xmlChar *characters, int length) {
    parlo_xml_events *e = (parlo_xml_events *)user;
    e->text(e->context, (const char *)characters, length);
}
static void parlo_xml_on_instruction(void *user, const xmlChar *target, const xmlChar *data) {
    (void)target; (void)data;
    parlo_xml_events *e = (parlo_xml_events *)user;
    e->instruction(e->context);
}
static void parlo_xml_on_error(void *user, xmlErrorPtr error) {
    parlo_xml_events *e = (parlo_xml_events *)user;
    if (e->error_code != 0 || error == NULL || error->level < XML_ERR_ERROR) return;
    e->error_code = error->code ? error->code : -1;
    e->error_line = error->line;
    e->error_column = error->int2;
}

/* Parses `length` bytes as one document. Element events (SAX2) and text (CDATA included) go to
 * `events`; no entity but XML's five is
 * known, and none is ever loaded. Returns 1 when the document is well-formed. */
static inline int parlo_xml_parse(const char *bytes, int length, parlo_xml_events *events) {
    xmlSAXHandler sax;
    memset(&sax, 0, sizeof sax);
    sax.initialized = XML_SAX2_MAGIC;
    sax.startElementNs = parlo_xml_on_start;
    sax.endElementNs = parlo_xml_on_end;
    sax.characters = parlo_xml_on_text;
    sax.cdataBlock = parlo_xml_on_text;
    sax.processingInstruction = parlo_xml_on_instruction;
    sax.serror = parlo_xml_on_error;
    events->error_code = 0;
    xmlParserCtxtPtr ctxt = xmlCreatePushParserCtxt(&sax, events, NULL, 0, NULL);
    if (ctxt == NULL) { events->error_code = -1; return 0; }
    xmlCtxtUseOptions(ctxt, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    xmlParseChunk(ctxt, bytes, length, 1);
    int wellFormed = ctxt->wellFormed && events->error_code == 0;
    if (!wellFormed && events->error_code == 0) {
        events->error_code = -1;
        events->error_line = xmlSAX2GetLineNumber(ctxt);
        events->error_column = xmlSAX2GetColumnNumber(ctxt);
    }
    xmlFreeParserCtxt(ctxt);
    return wellFormed;
}
#endif
