// The lighting pass: shades the samples of the geometry pass once per pixel rather than once per
// 4x4 block of every small triangle, and writes each sample's colour, tone-mapped to
// display-linear (see renderer/tone.h), to its layer for the resolve filter. llvmpipe skips work
// only for pixels the stencil test rejects, never for branches, so the pass runs twice:
//   PIXELS: pixels whose samples all show one surface (or none): shaded once, stencil set to 1;
//           the others are discarded.
//   EDGES: the pixels left at stencil 0: their two main surfaces shaded, each sample taking its
//          own (a third surface in one pixel takes the second's colour).
// SAMPLES, MAX_MATERIALS and the pass are defined when the program is built.

layout(binding = 0) uniform usampler2DMS u_surface;  // see surface.frag

uniform int u_centre_sample;
// World direction of the ray through window point w, scaled to unit view depth:
// u_ray_base + w.x * u_ray_dx + w.y * u_ray_dy (the view's shifted projection inverted).
uniform vec3 u_ray_base;
uniform vec3 u_ray_dx;
uniform vec3 u_ray_dy;

layout(location = 0) out vec4 o_sample[SAMPLES];

// Samples of one surface: the same material, nearly the same normal and depth. Neighbouring
// triangles of a smooth mesh merge; creases, silhouettes and faces one behind the other do not.
// The normals are compared in octahedral coordinates (16-bit steps), which needs no unpacking.
ivec2 octahedral_steps(uint bits) { return ivec2(uvec2(bits) << uvec2(16u, 0u)) >> 16; }

bool same_surface(uvec4 a, uvec4 b) {
  ivec2 step = abs(octahedral_steps(a.y) - octahedral_steps(b.y));
  float da = uintBitsToFloat(a.z), db = uintBitsToFloat(b.z);
  return a.x == b.x && max(step.x, step.y) <= 655 && abs(da - db) <= 0.002 * da;
}

vec3 shade_surface(uvec4 surface, vec3 ray) {
  Material m = material(surface.x);
  float depth = uintBitsToFloat(surface.z);
  vec3 position = frame.camera_position.xyz + depth * ray;
  vec3 n = unpack_normal(surface.y);
  vec3 to_camera = normalize(-ray);
  // Interpolated normals can turn slightly away from the camera at silhouettes.
  n = normalize(n + to_camera * max(0.0, 0.01 - dot(n, to_camera)));
  // The pixel's footprint on the surface's tangent plane (what fwidth(world) gives per triangle).
  float n_dot_ray = dot(n, ray);
  n_dot_ray = n_dot_ray < 0.0 ? min(n_dot_ray, -1e-6) : max(n_dot_ray, 1e-6);
  vec3 along_x = depth * (u_ray_dx - ray * (dot(n, u_ray_dx) / n_dot_ray));
  vec3 along_y = depth * (u_ray_dy - ray * (dot(n, u_ray_dy) / n_dot_ray));
  vec2 footprint = abs(along_x.xy) + abs(along_y.xy);

  SurfacePoint s;
  s.position = position;
  s.normal = n;
  s.albedo = pattern_albedo(m, position, footprint);
  s.metallic = m.metallic;
  s.roughness = m.roughness;
  vec3 radiance = shade(s, to_camera, frame.exposure.y > 0.5 ? sun_visibility(position, n) : 1.0);
  return display_linear(radiance, frame.exposure.x);
}

vec3 background(vec3 ray) {
  if (frame.background.w > 0.5) return frame.background.rgb;
  return display_linear(sky_radiance(normalize(ray)), frame.exposure.x);
}

vec3 shade_or_background(uvec4 surface, vec3 ray) {
  return surface.x != 0u ? shade_surface(surface, ray) : background(ray);
}

void main() {
  ivec2 pixel = ivec2(gl_FragCoord.xy);
  vec3 ray = u_ray_base + gl_FragCoord.x * u_ray_dx + gl_FragCoord.y * u_ray_dy;
  uvec4 surface[SAMPLES];
  for (int i = 0; i < SAMPLES; ++i) surface[i] = texelFetch(u_surface, pixel, i);
  uvec4 centre = surface[u_centre_sample];
#ifdef PART_SAMPLES
  uint ids[SAMPLES];  // from the fetches shading needs anyway
  for (int i = 0; i < SAMPLES; ++i) ids[i] = surface[i].w;
  write_part_samples(ids);
#endif
#ifdef PIXELS
  for (int i = 0; i < SAMPLES; ++i) {
    if (!same_surface(surface[i], centre)) discard;
  }
  vec3 colour = shade_or_background(centre, ray);
  for (int i = 0; i < SAMPLES; ++i) o_sample[i] = vec4(colour, 1.0);
#else
  uvec4 other = centre;
  for (int i = SAMPLES - 1; i >= 0; --i) {
    if (!same_surface(surface[i], centre)) other = surface[i];
  }
  vec3 centre_colour = shade_or_background(centre, ray);
  vec3 other_colour = shade_or_background(other, ray);
  for (int i = 0; i < SAMPLES; ++i) {
    o_sample[i] = vec4(same_surface(surface[i], centre) ? centre_colour : other_colour, 1.0);
  }
#endif
}
