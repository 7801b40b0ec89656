// One triangle covering the viewport, without vertex buffers. z = 0 is the far plane under the
// reversed depth the scene passes use, so the background only fills pixels nothing covered.

out vec2 v_ndc;

void main() {
  vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
  v_ndc = corner * 2.0 - 1.0;
  gl_Position = vec4(v_ndc, 0.0, 1.0);
}
