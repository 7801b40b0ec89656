// GLSL port of renderer/tone.h.

// Blender's Standard view transform: scene-linear to display-linear by clipping.
vec3 standard_view(vec3 color) {
  return clamp(color, 0.0, 1.0);
}

vec3 display_linear(vec3 radiance, float exposure) {
  return standard_view(radiance * exposure);
}

vec3 srgb_encode(vec3 linear) {
  linear = clamp(linear, 0.0, 1.0);
  vec3 low = 12.92 * linear;
  vec3 high = 1.055 * pow(linear, vec3(1.0 / 2.4)) - 0.055;
  return mix(high, low, lessThanEqual(linear, vec3(0.0031308)));
}
