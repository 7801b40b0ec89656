// Turns one view's per-sample colours into finished pixels: colour through a tent reconstruction
// filter of radius one pixel around the pixel centre, part id and depth from the single sample
// the geometry pass placed exactly at the pixel centre (its projection is shifted by a sub-pixel
// offset so that one sample of the pattern lands there). Sample i of every pixel lies on a grid,
// so the tent over that grid is a bilinear lookup of its layer at the centre: SAMPLES filtered
// lookups instead of a fetch per sample of nine pixels. Depth becomes the Euclidean distance from
// the camera.

layout(binding = 0) uniform sampler2DArray u_colour;  // layer i: sample i; linear, clamp to edge
layout(binding = 1) uniform usampler2DMS u_surface;   // surface_record.glsl
layout(binding = 2) uniform sampler2DMS u_depth;

uniform vec2 u_tap_offset[SAMPLES];  // pixels from the pixel's corner to look layer i up at
uniform int u_centre_sample;
uniform ivec2 u_size;        // of the view
uniform bool u_flip_rows;    // write rows top-down (pinhole output read back directly)
uniform bool u_encode_srgb;  // final bytes; off for cube faces, resampled later
uniform float u_focal_px;    // of the view, for the ray through the pixel centre
uniform vec2 u_near_far;

layout(location = 0) out vec4 o_display;
layout(location = 1) out uvec2 o_part_depth;

void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  if (u_flip_rows) p.y = u_size.y - 1 - p.y;
  vec2 texel = 1.0 / vec2(u_size);
  vec3 sum = vec3(0.0);
  for (int i = 0; i < SAMPLES; ++i) {
    sum += texture(u_colour, vec3((vec2(p) + u_tap_offset[i]) * texel, float(i))).rgb;
  }
  sum *= 1.0 / float(SAMPLES);
  o_display = vec4(u_encode_srgb ? srgb_encode(sum) : sum, 1.0);

  float d = texelFetch(u_depth, p, u_centre_sample).r;
  uint part = d > 0.0 ? record_part(texelFetch(u_surface, p, u_centre_sample).x) : 0u;
  uint depth_bits = 0x7f800000u;  // +infinity: nothing hit
  if (d > 0.0) {
    // The distance along the view axis, then along the pixel's ray.
    vec2 offset = (vec2(p) + 0.5 - 0.5 * vec2(u_size)) / u_focal_px;
    depth_bits = floatBitsToUint(view_depth(d, u_near_far) * sqrt(1.0 + dot(offset, offset)));
  }
  o_part_depth = uvec2(part, depth_bits);
#ifdef PART_SAMPLES
  uint ids[SAMPLES];
  for (int i = 0; i < SAMPLES; ++i) {
    bool hit = texelFetch(u_depth, p, i).r > 0.0;
    ids[i] = hit ? record_part(texelFetch(u_surface, p, i).x) : 0u;
  }
  write_part_samples(ids);
#endif
}
