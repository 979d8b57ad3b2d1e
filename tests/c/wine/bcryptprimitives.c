/* A stand-in for Windows' bcryptprimitives.dll, for running the Windows build under Wine 8 only (never
 * shipped): Wine 8 has no such DLL, and Rust's std takes its random numbers from its ProcessPrng. This
 * one forwards to BCryptGenRandom, which Wine has. Built and put beside the test programs by
 * tests/it/windows.rs. */
#include <windows.h>
#include <bcrypt.h>

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
    return BCryptGenRandom(NULL, data, (ULONG)length, BCRYPT_USE_SYSTEM_PREFERRED_RNG) == 0;
}
