#ifndef PARLO_CCMARKGFM_SHIM_H
#define PARLO_CCMARKGFM_SHIM_H
#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm-core-extensions.h>

/// Attaches the GitHub extension `name` ("table", "tasklist", "strikethrough") to `parser`;
/// 0 when no such extension is registered.
static inline int parlo_cmark_attach(cmark_parser *parser, const char *name) {
    cmark_syntax_extension *ext = cmark_find_syntax_extension(name);
    return ext ? cmark_parser_attach_syntax_extension(parser, ext) : 0;
}
#endif
