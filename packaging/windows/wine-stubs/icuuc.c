/* Stand-in icuuc.dll for a Wine test prefix only (never the bundle).
 *
 * Qt6Core.dll imports ICU's converter API from icuuc.dll, which Windows 10+ ships
 * and Wine 8 does not: without it QtCore does not load at all. Every converter
 * open fails here, so Qt falls back to its own UTF-8/UTF-16/Latin-1 codecs, which
 * are all PetDesk uses. The other entry points are never reached with no
 * converter open; they exist so the import table resolves.
 */
#include <stddef.h>
#include <stdint.h>

#define EXPORT __declspec(dllexport)
typedef int UErrorCode;
typedef int8_t UBool;
typedef uint16_t UChar;
enum { U_FILE_ACCESS_ERROR = 4 };

EXPORT void *ucnv_open(const char *name, UErrorCode *err)
{
    (void)name;
    if (err) *err = U_FILE_ACCESS_ERROR;
    return NULL;
}
EXPORT void ucnv_close(void *cnv) { (void)cnv; }
EXPORT void ucnv_reset(void *cnv) { (void)cnv; }
EXPORT int8_t ucnv_getMaxCharSize(const void *cnv) { (void)cnv; return 1; }
EXPORT const char *ucnv_getName(const void *cnv, UErrorCode *err)
{
    (void)cnv;
    if (err) *err = U_FILE_ACCESS_ERROR;
    return "";
}
EXPORT const char *ucnv_getStandardName(const char *name, const char *standard, UErrorCode *err)
{
    (void)name; (void)standard;
    if (err) *err = U_FILE_ACCESS_ERROR;
    return NULL;
}
EXPORT int32_t ucnv_countAvailable(void) { return 0; }
EXPORT const char *ucnv_getAvailableName(int32_t n) { (void)n; return NULL; }

/* Callbacks and conversions: unreachable without an open converter. */
EXPORT void UCNV_FROM_U_CALLBACK_SUBSTITUTE(void) {}
EXPORT void UCNV_TO_U_CALLBACK_SUBSTITUTE(void) {}
EXPORT void ucnv_getToUCallBack(const void *c, void **a, const void **b) { (void)c; if (a) *a = NULL; if (b) *b = NULL; }
EXPORT void ucnv_getFromUCallBack(const void *c, void **a, const void **b) { (void)c; if (a) *a = NULL; if (b) *b = NULL; }
EXPORT void ucnv_setToUCallBack(void *c, void *n, const void *nc, void **o, const void **oc, UErrorCode *err)
{ (void)c; (void)n; (void)nc; (void)o; (void)oc; if (err) *err = U_FILE_ACCESS_ERROR; }
EXPORT void ucnv_setFromUCallBack(void *c, void *n, const void *nc, void **o, const void **oc, UErrorCode *err)
{ (void)c; (void)n; (void)nc; (void)o; (void)oc; if (err) *err = U_FILE_ACCESS_ERROR; }
EXPORT void ucnv_cbToUWriteUChars(void *a, const UChar *s, int32_t l, int32_t o, UErrorCode *err)
{ (void)a; (void)s; (void)l; (void)o; if (err) *err = U_FILE_ACCESS_ERROR; }
EXPORT void ucnv_cbFromUWriteUChars(void *a, const UChar **s, const UChar *e, int32_t o, UErrorCode *err)
{ (void)a; (void)s; (void)e; (void)o; if (err) *err = U_FILE_ACCESS_ERROR; }
EXPORT void ucnv_toUnicode(void *c, UChar **t, const UChar *tl, const char **s, const char *sl, int32_t *o, UBool f, UErrorCode *err)
{ (void)c; (void)t; (void)tl; (void)s; (void)sl; (void)o; (void)f; if (err) *err = U_FILE_ACCESS_ERROR; }
EXPORT void ucnv_fromUnicode(void *c, char **t, const char *tl, const UChar **s, const UChar *sl, int32_t *o, UBool f, UErrorCode *err)
{ (void)c; (void)t; (void)tl; (void)s; (void)sl; (void)o; (void)f; if (err) *err = U_FILE_ACCESS_ERROR; }
EXPORT int32_t ucnv_toUCountPending(const void *c, UErrorCode *err) { (void)c; if (err) *err = U_FILE_ACCESS_ERROR; return 0; }
EXPORT int32_t ucnv_fromUCountPending(const void *c, UErrorCode *err) { (void)c; if (err) *err = U_FILE_ACCESS_ERROR; return 0; }
