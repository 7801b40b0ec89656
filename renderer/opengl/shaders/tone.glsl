// GLSL port of renderer/tone.h.

vec3 pbr_neutral(vec3 color) {
  const float start_compression = 0.8 - 0.04;
  const float desaturation = 0.15;
  float x = min(color.r, min(color.g, color.b));
  float offset = x < 0.08 ? x - 6.25 * x * x : 0.04;
  color -= offset;
  float peak = max(color.r, max(color.g, color.b));
  if (peak < start_compression) return color;
  const float d = 1.0 - start_compression;
  float new_peak = 1.0 - d * d / (peak + d - start_compression);
  color *= new_peak / peak;
  float g = 1.0 - 1.0 / (desaturation * (peak - new_peak) + 1.0);
  return mix(color, vec3(new_peak), g);
}

vec3 display_linear(vec3 radiance, float exposure) {
  return pbr_neutral(max(radiance * exposure, vec3(0.0)));
}

vec3 srgb_encode(vec3 linear) {
  linear = clamp(linear, 0.0, 1.0);
  vec3 low = 12.92 * linear;
  vec3 high = 1.055 * pow(linear, vec3(1.0 / 2.4)) - 0.055;
  return mix(high, low, lessThanEqual(linear, vec3(0.0031308)));
}
