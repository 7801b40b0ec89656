// The part-samples pass: the part id every sample of a pixel sees (surface.frag's w), sample i
// into layer i, rows top-down as in the output image. The resolve filter reads the same samples.

layout(binding = 0) uniform usampler2DMS u_surface;
uniform int u_height;

layout(location = 0) out uint o_part[SAMPLES];

void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  p.y = u_height - 1 - p.y;
  for (int i = 0; i < SAMPLES; ++i) o_part[i] = texelFetch(u_surface, p, i).w;
}
