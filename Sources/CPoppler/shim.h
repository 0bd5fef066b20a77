#ifndef PARLO_CPOPPLER_SHIM_H
#define PARLO_CPOPPLER_SHIM_H
#include <poppler.h>
#include <glib.h>

/// Why a document did not open: 0 opened, 1 no such file or not readable, 2 encrypted
/// (needs a password), 3 damaged or no PDF. `message` (may be NULL) gets poppler's text,
/// to be freed with parlo_poppler_free.
static inline PopplerDocument *parlo_poppler_open(const char *path, int *status, char **message) {
    GError *error = NULL;
    *status = 0;
    if (message) *message = NULL;
    char *uri = g_filename_to_uri(path, NULL, &error);
    if (!uri) {
        *status = 1;
        if (message && error) *message = g_strdup(error->message);
        if (error) g_error_free(error);
        return NULL;
    }
    PopplerDocument *doc = poppler_document_new_from_file(uri, NULL, &error);
    g_free(uri);
    if (!doc) {
        if (error && error->domain == G_FILE_ERROR) *status = 1;
        else if (error && error->domain == POPPLER_ERROR && error->code == POPPLER_ERROR_ENCRYPTED) *status = 2;
        else *status = 3;
        if (message && error) *message = g_strdup(error->message);
    }
    if (error) g_error_free(error);
    return doc;
}

/// Releases a document or a page (GObjects).
static inline void parlo_poppler_unref(void *object) { if (object) g_object_unref(object); }

/// Frees a string or an array poppler (GLib) allocated.
static inline void parlo_poppler_free(void *p) { g_free(p); }

/// The layout of `page`'s text (poppler_page_get_text): one box per character, in points
/// from the page's top left; `*count` boxes, freed with parlo_poppler_free. NULL when none.
static inline double *parlo_poppler_text_boxes(PopplerPage *page, unsigned *count) {
    PopplerRectangle *rects = NULL;
    guint n = 0;
    *count = 0;
    if (!poppler_page_get_text_layout(page, &rects, &n) || !rects) return NULL;
    double *boxes = g_new(double, (gsize)n * 4);
    for (guint i = 0; i < n; i++) {
        boxes[4 * i] = rects[i].x1; boxes[4 * i + 1] = rects[i].y1;
        boxes[4 * i + 2] = rects[i].x2; boxes[4 * i + 3] = rects[i].y2;
    }
    g_free(rects);
    *count = n;
    return boxes;
}

/// How many images `page` shows (a scanned page is one image and no text).
static inline int parlo_poppler_image_count(PopplerPage *page) {
    GList *list = poppler_page_get_image_mapping(page);
    int n = (int)g_list_length(list);
    poppler_page_free_image_mapping(list);
    return n;
}
#endif
