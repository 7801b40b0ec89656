// The geometry pass: per sample, which surface is there and what lighting needs of it, so that
// the costly shading runs once per pixel (lighting.frag) rather than once per 4x4 block of every
// small triangle. Evaluated at the pixel's window centre like forward shading would be; the
// resolve pass takes part ids and depth from the one sample placed at the true pixel centre.

in vec3 v_normal;

// x material index + 1 (0: nothing), y packed normal facing the viewer, z view depth bits (at
// the window pixel centre, where lighting evaluates), w part id.
layout(location = 0) out uvec4 o_surface;

void main() {
  // Meshes are counter-clockwise from outside; a mirroring transform turns that around. Thin
  // open surfaces are seen from both sides, so the normal faces whichever side is visible.
  bool outside = gl_FrontFacing != (instance.ids.z != 0u);
  vec3 n = outside ? v_normal : -v_normal;
  o_surface = uvec4(instance.ids.x, pack_normal(n), floatBitsToUint(1.0 / gl_FragCoord.w),
                    instance.ids.y);
}
