// Unit normals in 32 bits: the octahedral mapping (Meyer et al. 2010) at 16 bits per coordinate,
// well under a hundredth of a degree of error.

vec2 sign_not_zero(vec2 v) { return vec2(v.x >= 0.0 ? 1.0 : -1.0, v.y >= 0.0 ? 1.0 : -1.0); }

// `n` need not be unit length.
uint pack_normal(vec3 n) {
  vec2 p = n.xy / (abs(n.x) + abs(n.y) + abs(n.z));
  if (n.z < 0.0) p = (1.0 - abs(p.yx)) * sign_not_zero(p);
  return packSnorm2x16(p);
}

vec3 unpack_normal(uint bits) {
  vec2 p = unpackSnorm2x16(bits);
  vec3 n = vec3(p, 1.0 - abs(p.x) - abs(p.y));
  if (n.z < 0.0) n.xy = (1.0 - abs(n.yx)) * sign_not_zero(n.xy);
  return normalize(n);
}
