/* Test-only Wine shim, never shipped: Rust's standard library imports ProcessPrng from
 * bcryptprimitives.dll (Windows 10+), which Debian's Wine 8.0 lacks. This DLL, placed beside
 * zest.exe in the test directory, forwards it to RtlGenRandom (advapi32!SystemFunction036),
 * which Wine has. Built by tests/windows.rs with x86_64-w64-mingw32-gcc. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len)
{
    /* RtlGenRandom takes a 32-bit length: fill larger requests in chunks. */
    while (len > 0) {
        ULONG n = len > 0x10000000 ? 0x10000000 : (ULONG)len;
        if (!SystemFunction036(data, n))
            return FALSE;
        data += n;
        len -= n;
    }
    return TRUE;
}
