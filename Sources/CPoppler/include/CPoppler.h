#ifndef PARLO_CPOPPLER_H
#define PARLO_CPOPPLER_H

/// poppler-glib, loaded on first use (dlopen), not linked.
///
/// Linked, poppler and the libraries it brings (GLib, cairo, NSS, X11 …) cost every `parlo`
/// process about 7 MB of resident memory at start-up, `parlo listen` included, which never reads
/// a PDF. Only these wrappers touch poppler; the Swift side calls them one at a time (`Poppler`).

/// A document or a page: poppler's GObjects, opaque here.
typedef struct parlo_poppler_document parlo_poppler_document;
typedef struct parlo_poppler_page parlo_poppler_page;

/// Loads poppler-glib once (later calls return the first answer): NULL when it is there,
/// else why not (dlerror's text, static).
const char *parlo_poppler_load(void);

/// Opens the PDF at absolute `path`. NULL on failure, with `*status` 1 no such file or not
/// readable, 2 encrypted (needs a password), 3 damaged or no PDF; `*message` (may be NULL)
/// gets poppler's text, freed with parlo_poppler_free. Needs parlo_poppler_load first.
parlo_poppler_document *parlo_poppler_open(const char *path, int *status, char **message);

int parlo_poppler_page_count(parlo_poppler_document *document);

/// Page `index` (from 0), released with parlo_poppler_unref; NULL when out of range.
parlo_poppler_page *parlo_poppler_page_at(parlo_poppler_document *document, int index);

/// The page's size in points.
void parlo_poppler_page_size(parlo_poppler_page *page, double *width, double *height);

/// The page's text (UTF-8, lines end in newlines), freed with parlo_poppler_free; may be NULL.
char *parlo_poppler_page_text(parlo_poppler_page *page);

/// The layout of the page's text: one box (x1, y1, x2, y2) per character, in points from the
/// page's top left; `*count` boxes, freed with parlo_poppler_free. NULL when none.
double *parlo_poppler_text_boxes(parlo_poppler_page *page, unsigned *count);

/// How many images the page shows (a scanned page is one image and no text).
int parlo_poppler_image_count(parlo_poppler_page *page);

/// Releases a document or a page.
void parlo_poppler_unref(void *object);

/// Frees a string or an array poppler (GLib) allocated.
void parlo_poppler_free(void *pointer);

#endif
