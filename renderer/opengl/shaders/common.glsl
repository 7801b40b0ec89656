// Per-frame constants and per-instance data shared by the scene programs. The C++ mirrors are
// FrameBlock and InstanceRecord in renderer/opengl/gpu_layout.h; keep the two in step.
// The instance drawn is a uniform block (a buffer range bound per draw): uniform loads are far
// cheaper than storage-buffer loads on llvmpipe.

const float PI = 3.14159265358979;
const int SKY_IRRADIANCE_STEPS = 32;  // table entries at n.z = -1 + 2 i / 32, i = 0..32
const int MAX_POINT_LIGHTS = 4;       // kMaxPointLights

layout(std140, binding = 0) uniform FrameBlock {
  mat4 light_from_world;   // world -> shadow map: xy in [0,1] across the map, z depth in [0,1]
  vec4 camera_position;    // xyz
  vec4 sun_direction;      // xyz towards the sun; w = tan(angular radius of the disc)
  vec4 sun_irradiance;     // rgb; w = smallest GGX alpha, so the disc shows in sharp highlights
  vec4 sky_zenith;
  vec4 sky_horizon;
  vec4 sky_ground;
  vec4 background;         // rgb display-linear; w = 1 when it replaces the sky
  vec4 shadow_extent;      // x texel size (m), y depth range (m), z 1 / map size, w map width (m)
  vec4 exposure;           // x exposure; y 1 when the sun casts shadows; z point lights
  vec4 point_light_position[MAX_POINT_LIGHTS];   // xyz world
  vec4 point_light_intensity[MAX_POINT_LIGHTS];  // rgb: irradiance at 1 m
  vec4 point_light_facing[MAX_POINT_LIGHTS];     // xyz unit axis; w 1 for a facing lamp
  vec4 sky_irradiance[SKY_IRRADIANCE_STEPS + 1];
} frame;

struct InstanceRecord {
  mat4 object_to_world;
  mat4 normal_to_world;  // inverse transpose of the upper 3x3
  uvec4 ids;             // x material index + 1, y part id, z mirrored
};

layout(std140, binding = 1) uniform InstanceBlock { InstanceRecord instance; };
