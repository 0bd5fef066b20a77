#include "CPoppler.h"
#include "abi.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>

static struct {
    char *(*filename_to_uri)(const char *, const char *, parlo_g_error **);
    void *(*new_from_file)(const char *, const char *, parlo_g_error **);
    parlo_g_quark (*file_error_quark)(void);
    parlo_g_quark (*poppler_error_quark)(void);
    void (*error_free)(parlo_g_error *);
    char *(*strdup)(const char *);
    void (*free)(void *);
    void *(*malloc_n)(size_t, size_t);
    void (*object_unref)(void *);
    unsigned (*list_length)(parlo_g_list *);
    int (*n_pages)(void *);
    void *(*get_page)(void *, int);
    void (*page_size)(void *, double *, double *);
    char *(*page_text)(void *);
    int (*text_layout)(void *, parlo_poppler_rectangle **, unsigned *);
    parlo_g_list *(*image_mapping)(void *);
    void (*free_image_mapping)(parlo_g_list *);
} api;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static const char *failure;

static void load(void) {
    /* Debian bookworm's soname, then the development symlink; the error names the first. */
    void *lib = dlopen("libpoppler-glib.so.8", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        static char first[256];
        snprintf(first, sizeof first, "%s", dlerror());
        lib = dlopen("libpoppler-glib.so", RTLD_NOW | RTLD_LOCAL);
        if (!lib) { failure = first; return; }
    }
    /* dlsym on poppler's handle also searches what it depends on: GLib and GObject. */
#define FIND(field, symbol) if (!(*(void **)&api.field = dlsym(lib, symbol))) { failure = dlerror(); return; }
    FIND(filename_to_uri, "g_filename_to_uri")
    FIND(new_from_file, "poppler_document_new_from_file")
    FIND(file_error_quark, "g_file_error_quark")
    FIND(poppler_error_quark, "poppler_error_quark")
    FIND(error_free, "g_error_free")
    FIND(strdup, "g_strdup")
    FIND(free, "g_free")
    FIND(malloc_n, "g_malloc_n")
    FIND(object_unref, "g_object_unref")
    FIND(list_length, "g_list_length")
    FIND(n_pages, "poppler_document_get_n_pages")
    FIND(get_page, "poppler_document_get_page")
    FIND(page_size, "poppler_page_get_size")
    FIND(page_text, "poppler_page_get_text")
    FIND(text_layout, "poppler_page_get_text_layout")
    FIND(image_mapping, "poppler_page_get_image_mapping")
    FIND(free_image_mapping, "poppler_page_free_image_mapping")
#undef FIND
}

const char *parlo_poppler_load(void) {
    pthread_once(&once, load);
    return failure;
}

parlo_poppler_document *parlo_poppler_open(const char *path, int *status, char **message) {
    parlo_g_error *error = NULL;
    *status = 0;
    if (message) *message = NULL;
    char *uri = api.filename_to_uri(path, NULL, &error);
    if (!uri) {
        *status = 1;
        if (message && error) *message = api.strdup(error->message);
        if (error) api.error_free(error);
        return NULL;
    }
    void *doc = api.new_from_file(uri, NULL, &error);
    api.free(uri);
    if (!doc) {
        if (error && error->domain == api.file_error_quark()) *status = 1;
        else if (error && error->domain == api.poppler_error_quark() && error->code == PARLO_POPPLER_ERROR_ENCRYPTED) *status = 2;
        else *status = 3;
        if (message && error) *message = api.strdup(error->message);
    }
    if (error) api.error_free(error);
    return doc;
}

int parlo_poppler_page_count(parlo_poppler_document *document) { return api.n_pages(document); }

parlo_poppler_page *parlo_poppler_page_at(parlo_poppler_document *document, int index) {
    return api.get_page(document, index);
}

void parlo_poppler_page_size(parlo_poppler_page *page, double *width, double *height) {
    api.page_size(page, width, height);
}

char *parlo_poppler_page_text(parlo_poppler_page *page) { return api.page_text(page); }

double *parlo_poppler_text_boxes(parlo_poppler_page *page, unsigned *count) {
    parlo_poppler_rectangle *rects = NULL;
    unsigned n = 0;
    *count = 0;
    if (!api.text_layout(page, &rects, &n) || !rects) return NULL;
    double *boxes = api.malloc_n((size_t)n * 4, sizeof(double));
    for (unsigned i = 0; i < n; i++) {
        boxes[4 * i] = rects[i].x1; boxes[4 * i + 1] = rects[i].y1;
        boxes[4 * i + 2] = rects[i].x2; boxes[4 * i + 3] = rects[i].y2;
    }
    api.free(rects);
    *count = n;
    return boxes;
}

int parlo_poppler_image_count(parlo_poppler_page *page) {
    parlo_g_list *list = api.image_mapping(page);
    int n = (int)api.list_length(list);
    api.free_image_mapping(list);
    return n;
}

void parlo_poppler_unref(void *object) { if (object) api.object_unref(object); }

void parlo_poppler_free(void *pointer) { api.free(pointer); }
