// What camera rays that hit nothing show: the sky gradient, or Scene::background_color as given.

in vec2 v_ndc;

uniform mat4 u_world_from_clip;

layout(location = 0) out vec4 o_display;

void main() {
  if (frame.background.w > 0.5) {
    o_display = vec4(frame.background.rgb, 1.0);
    return;
  }
  vec4 p = u_world_from_clip * vec4(v_ndc, 0.5, 1.0);
  vec3 direction = normalize(p.xyz / p.w - frame.camera_position.xyz);
  o_display = vec4(display_linear(sky_radiance(direction), frame.exposure.x), 1.0);
}
