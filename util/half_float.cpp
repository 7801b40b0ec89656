#include "util/half_float.h"

#include <cassert>
#include <cstddef>

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>
#endif

namespace railyard {
namespace {

void to_half_scalar(std::span<const float> in, std::span<half> out, std::size_t from) {
  for (std::size_t i = from; i < in.size(); ++i) out[i] = half(in[i]);
}

#if defined(__x86_64__)
// Compiled for F16C whatever the build's target; called only where the CPU has it.
__attribute__((target("avx,f16c"))) void to_half_f16c(std::span<const float> in,
                                                      std::span<half> out) {
  std::size_t i = 0;
  for (; i + 8 <= in.size(); i += 8) {
    __m128i h = _mm256_cvtps_ph(_mm256_loadu_ps(in.data() + i),
                                _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out.data() + i), h);
  }
  to_half_scalar(in, out, i);
}

// clang's __builtin_cpu_supports knows no "f16c": cpuid leaf 1 tells it (ECX bit 29), and
// __builtin_cpu_supports("avx") that the OS saves the AVX registers too.
bool has_f16c() {
  static const bool has = [] {
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    return __get_cpuid(1, &eax, &ebx, &ecx, &edx) != 0 && (ecx & bit_F16C) != 0 &&
           __builtin_cpu_supports("avx");
  }();
  return has;
}
#endif

}  // namespace

void to_half(std::span<const float> in, std::span<half> out) {
  assert(in.size() == out.size());
  static_assert(sizeof(half) == 2);
#if defined(__x86_64__)
  if (has_f16c()) return to_half_f16c(in, out);
#endif
  to_half_scalar(in, out, 0);
}

}  // namespace railyard
