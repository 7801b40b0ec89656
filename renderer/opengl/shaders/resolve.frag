// Turns one multisampled view into finished pixels: colour through a tent reconstruction filter
// of the samples around the pixel centre, part id and depth from the single sample the scene pass
// placed exactly at the pixel centre (its projection is shifted by a sub-pixel offset so that one
// sample of the pattern lands there). Depth becomes the Euclidean distance from the camera.

layout(binding = 0) uniform sampler2DMS u_display;
layout(binding = 1) uniform usampler2DMS u_part;
layout(binding = 2) uniform sampler2DMS u_depth;

const int MAX_TAPS = 64;
uniform int u_tap_count;
uniform ivec4 u_taps[MAX_TAPS];   // x, y pixel offset; z sample index
uniform float u_weights[MAX_TAPS];
uniform int u_centre_sample;
uniform ivec2 u_size;             // of the view
uniform bool u_flip_rows;         // write rows top-down (pinhole output read back directly)
uniform bool u_encode_srgb;       // final bytes; off for cube faces, resampled later
uniform float u_focal_px;         // of the view, for the ray through the pixel centre
uniform vec2 u_near_far;

layout(location = 0) out vec4 o_display;
layout(location = 1) out uvec2 o_part_depth;

void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  if (u_flip_rows) p.y = u_size.y - 1 - p.y;
  vec3 sum = vec3(0.0);
  for (int i = 0; i < u_tap_count; ++i) {
    ivec2 q = clamp(p + u_taps[i].xy, ivec2(0), u_size - 1);
    sum += u_weights[i] * texelFetch(u_display, q, u_taps[i].z).rgb;
  }
  o_display = vec4(u_encode_srgb ? srgb_encode(sum) : sum, 1.0);

  uint part = texelFetch(u_part, p, u_centre_sample).r;
  float d = texelFetch(u_depth, p, u_centre_sample).r;
  uint depth_bits = 0x7f800000u;  // +infinity: nothing hit
  if (d > 0.0) {
    // Reversed depth back to the distance along the view axis, then along the pixel's ray.
    float near = u_near_far.x, far = u_near_far.y;
    float view_depth = near * far / (d * (far - near) + near);
    vec2 offset = (vec2(p) + 0.5 - 0.5 * vec2(u_size)) / u_focal_px;
    depth_bits = floatBitsToUint(view_depth * sqrt(1.0 + dot(offset, offset)));
  }
  o_part_depth = uvec2(part, depth_bits);
}
