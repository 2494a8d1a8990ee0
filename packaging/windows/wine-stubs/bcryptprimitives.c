/* Stand-in bcryptprimitives.dll for a Wine test prefix only (never the bundle).
 *
 * Extension modules built with Rust (pydantic_core, python_calamine) import
 * ProcessPrng from it; Windows 10+ ships it, Wine 8 does not. This one fills the
 * buffer from RtlGenRandom (advapi32's SystemFunction036), the OS generator.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk)) return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
