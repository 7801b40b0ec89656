// Soft sun shadows from the shadow map: percentage-closer soft shadows. A blocker search finds
// how far above the receiver the occluders are; the penumbra is that distance times the tangent
// of the sun's angular radius, and the percentage-closer filter averages over that width.

layout(binding = 1) uniform sampler2DShadow u_shadow_compare;  // same texture, comparing
layout(binding = 2) uniform sampler2D u_shadow_depth;           // same texture, raw depths

// Few taps: every tap is a texture fetch, the costliest thing llvmpipe does per fragment. Each
// percentage-closer tap is bilinear, and the per-pixel rotation hides the pattern.
const int SHADOW_TAPS = 8;
const vec2 POISSON[SHADOW_TAPS] = vec2[](
    vec2(-0.613, 0.617), vec2(0.170, -0.040), vec2(-0.299, -0.792), vec2(0.645, 0.493),
    vec2(-0.651, -0.054), vec2(0.421, -0.717), vec2(-0.095, 0.940), vec2(0.942, -0.061));

// Interleaved gradient noise (Jimenez 2014): a fixed per-pixel rotation of the taps, so the
// image is deterministic and the banding of a fixed pattern turns into fine grain.
float pixel_noise(vec2 pixel) {
  return fract(52.9829189 * fract(dot(pixel, vec2(0.06711056, 0.00583715))));
}

// Fraction of the sun's disc visible from a surface point with geometric normal n.
float sun_visibility(vec3 position, vec3 n) {
  float texel = frame.shadow_extent.x;
  float depth_range = frame.shadow_extent.y;
  float texel_uv = frame.shadow_extent.z;
  float map_width = frame.shadow_extent.w;
  float n_dot_l = dot(n, frame.sun_direction.xyz);
  // Normal offset, larger at grazing angles where a texel spans more depth.
  float offset = texel * (1.0 + 1.5 * sqrt(max(1.0 - n_dot_l * n_dot_l, 0.0)));
  vec3 p = (frame.light_from_world * vec4(position + n * offset, 1.0)).xyz;
  if (any(lessThan(p.xy, vec2(0.0))) || any(greaterThan(p.xy, vec2(1.0)))) return 1.0;
  float receiver = min(p.z, 0.99999);
  float bias = 0.5 * texel / depth_range;
  float tan_sun = frame.sun_direction.w;
  float angle = 6.2831853 * pixel_noise(gl_FragCoord.xy);
  mat2 rotation = mat2(cos(angle), sin(angle), -sin(angle), cos(angle));

  // Blocker search over the widest penumbra an occluder between here and the map could cast.
  float search = clamp(receiver * depth_range * tan_sun / map_width, 1.5 * texel_uv,
                       24.0 * texel_uv);
  float blocker_sum = 0.0;
  int blockers = 0;
  for (int i = 0; i < SHADOW_TAPS; ++i) {
    float d = texture(u_shadow_depth, p.xy + rotation * POISSON[i] * search).r;
    if (d < receiver - bias) {
      blocker_sum += d;
      ++blockers;
    }
  }
  if (blockers == 0) return 1.0;
  float blocker = blocker_sum / float(blockers);
  float penumbra = (receiver - blocker) * depth_range * tan_sun / map_width;
  float radius = clamp(penumbra, 1.0 * texel_uv, 24.0 * texel_uv);
  float lit = 0.0;
  for (int i = 0; i < SHADOW_TAPS; ++i) {
    lit += texture(u_shadow_compare, vec3(p.xy + rotation * POISSON[i] * radius, receiver - bias));
  }
  return lit / float(SHADOW_TAPS);
}
