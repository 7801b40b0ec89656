// What the geometry pass (surface.frag) stores per sample, and how the passes after it read it:
// an RG32UI texel, x the material index + 1 (0: nothing) in its low MATERIAL_BITS bits and the
// part id above them, y the normal facing the viewer (octahedral.glsl). Depth is the depth
// buffer's own: the surface record is never cleared, so a sample whose depth is still the far
// plane (0, reversed depth) shows nothing, whatever its texel holds from an earlier frame.
// MATERIAL_BITS is defined when the program is built (kMaterialBits in gpu_layout.h, where the C++
// side checks that ids fit).

uint pack_ids(uint material, uint part) { return material | (part << MATERIAL_BITS); }
uint record_material(uint ids) { return ids & ((1u << MATERIAL_BITS) - 1u); }
uint record_part(uint ids) { return ids >> MATERIAL_BITS; }

// Distance along the view axis from reversed depth d in (0, 1] with the view's near and far.
float view_depth(float d, vec2 near_far) {
  return near_far.x * near_far.y / (d * (near_far.y - near_far.x) + near_far.x);
}
