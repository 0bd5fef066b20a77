#ifndef PARLO_CPOPPLER_ABI_H
#define PARLO_CPOPPLER_ABI_H
#include <stdint.h>

/* The few GLib and poppler-glib types poppler.c passes, as their C ABI defines them
   (glib/gerror.h, glib/glist.h, poppler-page.h, poppler.h). Declaring them here keeps poppler's
   headers, and with them its link line, out of the build; PopplerABITests compiles this file
   beside poppler's own headers and checks every size, offset and value. */
typedef uint32_t parlo_g_quark;
typedef struct { parlo_g_quark domain; int code; char *message; } parlo_g_error;
typedef struct parlo_g_list { void *data; struct parlo_g_list *next, *prev; } parlo_g_list;
typedef struct { double x1, y1, x2, y2; } parlo_poppler_rectangle;
enum { PARLO_POPPLER_ERROR_ENCRYPTED = 1 };

#endif
