// Metal/roughness shading: GGX (Trowbridge-Reitz) microfacets with the height-correlated Smith
// visibility, Schlick's Fresnel, and Blender's Principled diffuse lobe (Burley's) for the
// non-metallic part. renderer/embree/microfacet.h has the same formulas.

float ggx_distribution(float n_dot_h, float alpha) {
  float a2 = alpha * alpha;
  float d = n_dot_h * n_dot_h * (a2 - 1.0) + 1.0;
  return a2 / (PI * d * d);
}

float smith_visibility(float n_dot_v, float n_dot_l, float alpha) {
  float a2 = alpha * alpha;
  float gv = n_dot_l * sqrt(n_dot_v * n_dot_v * (1.0 - a2) + a2);
  float gl = n_dot_v * sqrt(n_dot_l * n_dot_l * (1.0 - a2) + a2);
  return 0.5 / max(gv + gl, 1e-6);
}

float schlick_weight(float cos_theta) {
  float m = 1.0 - clamp(cos_theta, 0.0, 1.0);
  float m2 = m * m;
  return m2 * m2 * m;
}

vec3 schlick_fresnel(vec3 f0, float cos_theta) {
  return f0 + (1.0 - f0) * schlick_weight(cos_theta);
}

// The factor on albedo / pi of Blender's Principled (v1) diffuse: dimmer at grazing angles, and
// brighter on rough surfaces where light and view come close (retro-reflection).
float principled_diffuse(float n_dot_l, float n_dot_v, float l_dot_h, float roughness) {
  float fl = schlick_weight(n_dot_l);
  float fv = schlick_weight(n_dot_v);
  float rr = 2.0 * roughness * l_dot_h * l_dot_h;
  return (1.0 - 0.5 * fl) * (1.0 - 0.5 * fv) + rr * (fl + fv + fl * fv * (rr - 1.0));
}

// Split-sum environment BRDF, Karis' analytic fit (Unreal Engine, "Physically Based Shading on
// Mobile"): scale and bias applied to F0 for light arriving from the whole environment.
vec2 environment_brdf(float n_dot_v, float roughness) {
  const vec4 c0 = vec4(-1.0, -0.0275, -0.572, 0.022);
  const vec4 c1 = vec4(1.0, 0.0425, 1.04, -0.04);
  vec4 r = roughness * c0 + c1;
  float a004 = min(r.x * r.x, exp2(-9.28 * n_dot_v)) * r.x + r.y;
  return vec2(-1.04, 1.04) * a004 + r.zw;
}

struct SurfacePoint {
  vec3 position;
  vec3 normal;    // unit, facing the camera
  vec3 albedo;
  float metallic;
  float roughness;
};

// Radiance towards the camera from a light arriving along unit direction l with irradiance E
// on a surface facing it.
vec3 direct_light(SurfacePoint s, vec3 v, vec3 l, vec3 irradiance, float alpha) {
  vec3 n = s.normal;
  float n_dot_l = dot(n, l);
  if (n_dot_l <= 0.0) return vec3(0.0);
  float n_dot_v = max(dot(n, v), 1e-4);
  vec3 f0 = mix(vec3(0.04), s.albedo, s.metallic);
  vec3 h = normalize(l + v);
  float n_dot_h = max(dot(n, h), 0.0);
  vec3 f = schlick_fresnel(f0, dot(l, h));
  vec3 specular = f * ggx_distribution(n_dot_h, alpha) * smith_visibility(n_dot_v, n_dot_l, alpha);
  float retro = principled_diffuse(n_dot_l, n_dot_v, dot(l, h), clamp(s.roughness, 0.045, 1.0));
  vec3 diffuse = (1.0 - f) * s.albedo * (1.0 - s.metallic) * retro / PI;
  return (diffuse + specular) * irradiance * n_dot_l;
}

// Radiance towards the camera from the sun (times its visibility), the point lights (unshadowed)
// and the sky.
vec3 shade(SurfacePoint s, vec3 to_camera, float sun_visibility) {
  vec3 n = s.normal;
  vec3 v = to_camera;
  float n_dot_v = max(dot(n, v), 1e-4);
  float roughness = clamp(s.roughness, 0.045, 1.0);
  float alpha = max(roughness * roughness, frame.sun_irradiance.w);
  vec3 f0 = mix(vec3(0.04), s.albedo, s.metallic);
  vec3 diffuse_color = s.albedo * (1.0 - s.metallic);

  vec3 direct = vec3(0.0);
  if (sun_visibility > 0.0) {
    direct = direct_light(s, v, frame.sun_direction.xyz,
                          frame.sun_irradiance.rgb * sun_visibility, alpha);
  }
  int point_lights = int(frame.exposure.z);
  for (int i = 0; i < point_lights; ++i) {
    vec3 to_light = frame.point_light_position[i].xyz - s.position;
    float distance2 = max(dot(to_light, to_light), 1e-4);
    vec3 l = to_light * inversesqrt(distance2);
    vec4 facing = frame.point_light_facing[i];  // renderer/scene.h's lamp_emission
    float emission = facing.w > 0.5 ? max(0.0, dot(facing.xyz, -l)) : 1.0;
    direct += direct_light(s, v, l, frame.point_light_intensity[i].rgb * (emission / distance2),
                           roughness * roughness);
  }

  // Sky: exact irradiance for the diffuse lobe; for the specular lobe the sky seen in the mirror
  // direction, blurred towards its hemispherical average as the surface gets rougher.
  vec3 r = reflect(-v, n);
  vec3 mirror = sky_radiance(r);
  vec3 blurred = sky_irradiance(r.z) / PI;
  vec3 reflected = mix(mirror, blurred, min(1.0, 1.5 * roughness));
  vec2 env = environment_brdf(n_dot_v, roughness);
  vec3 sky_specular = reflected * (f0 * env.x + env.y);
  vec3 sky_diffuse = diffuse_color / PI * sky_irradiance(n.z) * (1.0 - (f0 * env.x + env.y));
  return direct + sky_specular + sky_diffuse;
}
