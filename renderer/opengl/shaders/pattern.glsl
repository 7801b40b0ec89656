// GLSL port of renderer/pattern.h. The checker is box-filtered over the pixel's footprint (it
// equals the C++ checker when the footprint shrinks to a point), so distant squares do not alias.

uint lattice_hash(ivec2 c) {
  uint h = (uint(c.x) * 0x8da6b343u) ^ (uint(c.y) * 0xd8163841u);
  h ^= h >> 16;
  h *= 0x7feb352du;
  h ^= h >> 15;
  h *= 0x846ca68bu;
  h ^= h >> 16;
  return h;
}

float lattice_value(ivec2 c) { return float(lattice_hash(c) >> 8) * (1.0 / 16777216.0); }

float value_noise(vec2 p) {
  vec2 cell = floor(p);
  vec2 f = p - cell;
  vec2 w = f * f * (3.0 - 2.0 * f);
  ivec2 c = ivec2(cell);
  float a = lattice_value(c), b = lattice_value(c + ivec2(1, 0));
  float d = lattice_value(c + ivec2(0, 1)), e = lattice_value(c + ivec2(1, 1));
  return mix(mix(a, b, w.x), mix(d, e, w.x), w.y);
}

float sand(vec2 world_xy, float scale) {
  vec2 q = world_xy / scale;
  float n = (0.5 * value_noise(q) + 0.25 * value_noise(2.03 * q + 17.0) +
             0.125 * value_noise(4.01 * q + 41.0)) / 0.875;
  float ripple = 0.5 + 0.5 * sin(6.2831853 * (0.8 * q.x + 0.6 * q.y + 1.5 * n));
  return clamp(0.65 * n + 0.35 * ripple * ripple, 0.0, 1.0);
}

float checker_filtered(vec2 world_xy, vec2 footprint, float scale) {
  vec2 q = world_xy / scale;
  vec2 w = max(footprint / scale, vec2(1e-4));
  vec2 i = 2.0 * (abs(fract((q - 0.5 * w) * 0.5) - 0.5) - abs(fract((q + 0.5 * w) * 0.5) - 0.5)) / w;
  return 0.5 - 0.5 * i.x * i.y;
}

// footprint: how far world.xy moves across one pixel (|d/dx| + |d/dy|, as fwidth gives it).
// llvmpipe evaluates both sides of every branch, so the program is built with only the patterns
// the scene uses (SAND, CHECKER defined).
vec3 pattern_albedo(Material m, vec3 world, vec2 footprint) {
  vec3 albedo = m.base_color;
#ifdef SAND
  if (m.pattern == 1u) albedo = mix(m.base_color, m.pattern_color, sand(world.xy, m.pattern_scale));
#endif
#ifdef CHECKER
  if (m.pattern == 2u) {
    albedo =
        mix(m.base_color, m.pattern_color, checker_filtered(world.xy, footprint, m.pattern_scale));
  }
#endif
  return albedo;
}
