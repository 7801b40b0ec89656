// Surface materials for the lighting pass (MaterialRecord in renderer/opengl/gpu_layout.h): three
// vec4s per distinct material in a uniform block, indexed by the material index the geometry pass
// stored. MAX_MATERIALS is defined when the program is built, from the uniform block size limit;
// dynamically indexed uniforms cost llvmpipe less than buffer texture fetches.

layout(std140, binding = 2) uniform MaterialBlock { vec4 material_texels[3 * MAX_MATERIALS]; };

struct Material {
  vec3 base_color;
  float metallic;
  vec3 pattern_color;
  float roughness;
  float pattern_scale;  // metres per feature
  uint pattern;         // 0 none, 1 sand, 2 checker
};

// `index`: the material index + 1 the geometry pass wrote (never 0 here).
Material material(uint index) {
  int i = 3 * int(index - 1u);
  vec4 a = material_texels[i];
  vec4 b = material_texels[i + 1];
  vec4 c = material_texels[i + 2];
  return Material(a.rgb, a.a, b.rgb, b.a, c.x, uint(c.y));
}
