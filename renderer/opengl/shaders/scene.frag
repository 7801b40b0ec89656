// The scene pass: a lit surface sample tone-mapped to display-linear (see renderer/tone.h), and
// the part it belongs to. Multisampled; the resolve pass takes part ids and depth from the one
// sample placed at the pixel centre.

in vec3 v_world;
in vec3 v_normal;

layout(location = 0) out vec4 o_display;
layout(location = 1) out uint o_part;

void main() {
  vec2 footprint = fwidth(v_world.xy);
  // Meshes are counter-clockwise from outside; a mirroring transform turns that around. Thin
  // open surfaces are seen from both sides, so the normal faces whichever side is visible.
  bool outside = gl_FrontFacing != (instance.part_pattern_mirrored.z != 0u);
  vec3 n = normalize(v_normal);
  if (!outside) n = -n;
  vec3 to_camera = normalize(frame.camera_position.xyz - v_world);
  // Interpolated normals can turn slightly away from the camera at silhouettes.
  n = normalize(n + to_camera * max(0.0, 0.01 - dot(n, to_camera)));

  SurfacePoint s;
  s.position = v_world;
  s.normal = n;
  s.albedo = pattern_albedo(instance, v_world, footprint);
  s.metallic = instance.base_color_metallic.a;
  s.roughness = instance.pattern_color_roughness.a;
  float visibility = sun_visibility(v_world, n);
  vec3 radiance = shade(s, to_camera, visibility);
  o_display = vec4(display_linear(radiance, frame.exposure.x), 1.0);
  o_part = instance.part_pattern_mirrored.x;
}
