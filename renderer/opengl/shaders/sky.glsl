// GLSL port of renderer/sky_radiance.h, plus the tabulated irradiance the raster backend lights
// diffuse surfaces with (see sky_irradiance.h).

vec3 sky_radiance(vec3 direction) {
  float z = direction.z;
  if (z >= 0.0) {
    float t = sqrt(z);
    return t * frame.sky_zenith.rgb + (1.0 - t) * frame.sky_horizon.rgb;
  }
  float g = min(1.0, -z / 0.02);
  return (1.0 - g) * frame.sky_horizon.rgb + g * frame.sky_ground.rgb;
}

// Cosine-weighted integral of the sky's radiance over the hemisphere around a normal; the sky is
// symmetric about Z, so it depends on n.z alone.
vec3 sky_irradiance(float nz) {
  float x = clamp((nz + 1.0) * 0.5, 0.0, 1.0) * float(SKY_IRRADIANCE_STEPS);
  int i = min(int(x), SKY_IRRADIANCE_STEPS - 1);
  return mix(frame.sky_irradiance[i].rgb, frame.sky_irradiance[i + 1].rgb, x - float(i));
}
