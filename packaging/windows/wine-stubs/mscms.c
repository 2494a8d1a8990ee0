/* Stand-in mscms.dll for a Wine test prefix only (never the bundle).
 *
 * Qt's windows platform plugin asks the colour system for the display's ICC
 * profile; Wine 8's builtin mscms lacks these entry points. Each reports "no
 * profile", which Qt treats as sRGB.
 */
#include <windows.h>

#define EXPORT __declspec(dllexport)

EXPORT HANDLE WINAPI WcsCreateIccProfile(HANDLE profile, DWORD options)
{ (void)profile; (void)options; SetLastError(ERROR_NOT_SUPPORTED); return NULL; }
EXPORT BOOL WINAPI WcsGetDefaultColorProfileSize(DWORD scope, PCWSTR device, DWORD type, DWORD sub, DWORD id, PDWORD size)
{ (void)scope; (void)device; (void)type; (void)sub; (void)id; if (size) *size = 0; SetLastError(ERROR_FILE_NOT_FOUND); return FALSE; }
EXPORT BOOL WINAPI WcsGetDefaultColorProfile(DWORD scope, PCWSTR device, DWORD type, DWORD sub, DWORD id, DWORD size, LPWSTR name)
{ (void)scope; (void)device; (void)type; (void)sub; (void)id; (void)size; (void)name; SetLastError(ERROR_FILE_NOT_FOUND); return FALSE; }
EXPORT BOOL WINAPI WcsGetUsePerUserProfiles(PCWSTR device, DWORD cls, PBOOL per_user)
{ (void)device; (void)cls; if (per_user) *per_user = FALSE; return TRUE; }
EXPORT HANDLE WINAPI OpenColorProfileW(PVOID profile, DWORD access, DWORD share, DWORD creation)
{ (void)profile; (void)access; (void)share; (void)creation; SetLastError(ERROR_NOT_SUPPORTED); return NULL; }
EXPORT BOOL WINAPI CloseColorProfile(HANDLE profile) { (void)profile; return TRUE; }
EXPORT BOOL WINAPI GetColorProfileFromHandle(HANDLE profile, PBYTE buffer, PDWORD size)
{ (void)profile; (void)buffer; if (size) *size = 0; SetLastError(ERROR_NOT_SUPPORTED); return FALSE; }
