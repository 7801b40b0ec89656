// Places one instance's vertices in the world.

layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;

uniform mat4 u_view_projection;

out vec3 v_normal;

void main() {
  v_normal = mat3(instance.normal_to_world) * a_normal;
  gl_Position = u_view_projection * (instance.object_to_world * vec4(a_position, 1.0));
}
