// The lighting pass: shades the samples of the geometry pass once per pixel rather than once per
// 4x4 block of every small triangle, and writes each sample's colour, tone-mapped to
// display-linear (see renderer/tone.h), to its layer for the resolve filter. llvmpipe skips work
// only for pixels the stencil test rejects, never for branches, so the pass runs twice:
//   PIXELS: every pixel shaded once, as its centre sample's surface; the stencil set to 1 where
//           all samples show that surface (or none). Where the stencil can be exported it is
//           (llvmpipe: a discarding shader costs it a fifth of the pass in masked writes);
//           elsewhere the other pixels are discarded.
//   EDGES: the pixels left at stencil 0: their second surface shaded and blended over the samples
//          that show it (a third surface in one pixel takes the second's colour); where the
//          pixels pass discarded them, both surfaces are shaded and written.
// SAMPLES, MAX_MATERIALS, the pass and STENCIL_EXPORT (the extension is there) are defined when
// the program is built.

layout(binding = 0) uniform usampler2DMS u_surface;  // surface_record.glsl
layout(binding = 3) uniform sampler2DMS u_depth;     // the geometry pass's, per sample

uniform int u_centre_sample;
uniform vec2 u_sample_offset[SAMPLES];  // window pixels from the pixel's centre to sample i
uniform vec2 u_near_far;
// World direction of the ray through window point w, scaled to unit view depth:
// u_ray_base + w.x * u_ray_dx + w.y * u_ray_dy (the view's shifted projection inverted).
uniform vec3 u_ray_base;
uniform vec3 u_ray_dx;
uniform vec3 u_ray_dy;

layout(location = 0) out vec4 o_sample[SAMPLES];

struct SurfaceSample {
  uint ids;     // surface_record.glsl; 0: nothing there
  uint normal;  // packed (octahedral.glsl)
  float depth;  // along the view axis
  vec3 ray;     // world direction through the sample, scaled to unit view depth
};

SurfaceSample fetch_sample(ivec2 pixel, int i, vec3 pixel_ray) {
  uvec2 record = texelFetch(u_surface, pixel, i).xy;
  float d = texelFetch(u_depth, pixel, i).r;
  vec2 offset = u_sample_offset[i];
  vec3 ray = pixel_ray + offset.x * u_ray_dx + offset.y * u_ray_dy;
  return SurfaceSample(d > 0.0 ? record.x : 0u, record.y, view_depth(d, u_near_far), ray);
}

// Samples of one surface: the same material and part, nearly the same normal, and b on a's
// tangent plane. Neighbouring triangles of a smooth mesh merge; creases, silhouettes and faces
// one behind the other do not. The normals are compared in octahedral coordinates (16-bit
// steps), which needs no unpacking; `a_normal` is a's unpacked.
ivec2 octahedral_steps(uint bits) { return ivec2(uvec2(bits) << uvec2(16u, 0u)) >> 16; }

bool same_surface(SurfaceSample a, vec3 a_normal, SurfaceSample b) {
  ivec2 step = abs(octahedral_steps(a.normal) - octahedral_steps(b.normal));
  float off_plane = abs(dot(a_normal, b.depth * b.ray - a.depth * a.ray));
  bool close = max(step.x, step.y) <= 655 && off_plane <= 0.002 * a.depth;
  return a.ids == b.ids && (a.ids == 0u || close);
}

vec3 shade_surface(SurfaceSample at, vec3 n) {
  Material m = material(record_material(at.ids));
  vec3 ray = at.ray;
  float depth = at.depth;
  vec3 position = frame.camera_position.xyz + depth * ray;
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

vec3 shade_or_background(SurfaceSample at, vec3 n) {
  return at.ids != 0u ? shade_surface(at, n) : background(at.ray);
}

void main() {
  ivec2 pixel = ivec2(gl_FragCoord.xy);
  vec3 pixel_ray = u_ray_base + gl_FragCoord.x * u_ray_dx + gl_FragCoord.y * u_ray_dy;
  SurfaceSample surface[SAMPLES];
  for (int i = 0; i < SAMPLES; ++i) surface[i] = fetch_sample(pixel, i, pixel_ray);
  SurfaceSample centre = surface[u_centre_sample];
  vec3 centre_normal = unpack_normal(centre.normal);
#ifdef PART_SAMPLES
  uint ids[SAMPLES];  // from the fetches shading needs anyway
  for (int i = 0; i < SAMPLES; ++i) ids[i] = record_part(surface[i].ids);
  write_part_samples(ids);
#endif
  bool same[SAMPLES];  // sample i shows the centre sample's surface
  bool one_surface = true;
  for (int i = 0; i < SAMPLES; ++i) {
    same[i] = same_surface(centre, centre_normal, surface[i]);
    one_surface = one_surface && same[i];
  }
#ifdef PIXELS
#ifdef STENCIL_EXPORT
  gl_FragStencilRefARB = one_surface ? 1 : 0;
#else
  if (!one_surface) discard;
#endif
  vec3 colour = shade_or_background(centre, centre_normal);
  for (int i = 0; i < SAMPLES; ++i) o_sample[i] = vec4(colour, 1.0);
#else
  SurfaceSample other = centre;
  for (int i = SAMPLES - 1; i >= 0; --i) {
    if (!same[i]) other = surface[i];
  }
  vec3 other_colour = shade_or_background(other, unpack_normal(other.normal));
#ifdef STENCIL_EXPORT
  // The pixels pass left the centre's colour in every layer: blend (alpha 0 keeps it) over the
  // samples that show the other surface only.
  for (int i = 0; i < SAMPLES; ++i) o_sample[i] = vec4(other_colour, same[i] ? 0.0 : 1.0);
#else
  vec3 centre_colour = shade_or_background(centre, centre_normal);
  for (int i = 0; i < SAMPLES; ++i) o_sample[i] = vec4(same[i] ? centre_colour : other_colour, 1.0);
#endif
#endif
}
