// The geometry pass: per sample, which surface is there and what lighting needs of it, so that
// the costly shading runs once per pixel (lighting.frag) rather than once per 4x4 block of every
// small triangle. The record is surface_record.glsl's; depth is the depth buffer's, per sample.

in vec3 v_normal;

layout(location = 0) out uvec2 o_surface;

void main() {
  // Meshes are counter-clockwise from outside; a mirroring transform turns that around. Thin
  // open surfaces are seen from both sides, so the normal faces whichever side is visible.
  bool outside = gl_FrontFacing != (instance.ids.z != 0u);
  vec3 n = outside ? v_normal : -v_normal;
  o_surface = uvec2(pack_ids(instance.ids.x, instance.ids.y), pack_normal(n));
}
