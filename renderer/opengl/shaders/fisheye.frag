// Fisheye output: resamples the cube maps rendered around the camera along each pixel's ray of
// the lens (renderer/lens.cpp LensModel::ray, whose constants the renderer passes in): colour
// bilinearly, part ids and depth from the nearest texel. Rows are written top-down, in image
// order. Rays more than 180 degrees off-axis see nothing: black, id 0, no depth.

layout(binding = 0) uniform samplerCube u_display_cube;
layout(binding = 1) uniform usamplerCube u_part_depth_cube;
uniform int u_lens;  // 1: equidistant r = f theta; 2: equisolid r = 2 f sin(theta / 2)
uniform float u_focal_px;
uniform vec2 u_centre_px;

layout(location = 0) out vec4 o_srgb;
layout(location = 1) out uvec2 o_part_depth;

void main() {
  vec2 d = gl_FragCoord.xy - u_centre_px;
  float r = length(d);
  float s = r / (2.0 * u_focal_px);
  float theta = u_lens == 1 ? r / u_focal_px : (s <= 1.0 ? 2.0 * asin(s) : 2.0 * PI);
  if (theta > PI) {
    o_srgb = vec4(0.0, 0.0, 0.0, 1.0);
    o_part_depth = uvec2(0u, 0x7f800000u);  // +infinity
    return;
  }
  vec2 u = r > 0.0 ? d / r : vec2(0.0);
  vec3 direction = vec3(sin(theta) * u.x, -sin(theta) * u.y, -cos(theta));  // camera space
  o_srgb = vec4(srgb_encode(texture(u_display_cube, direction).rgb), 1.0);
  o_part_depth = texture(u_part_depth_cube, direction).rg;
}
