// The directional albedo of the GGX specular lobe: how much of the light arriving from a
// direction the microfacets reflect, E(n.v) = F0 * scale + bias (Schlick's Fresnel is linear in
// F0). The diffuse lobe gets the rest, 1 - E, so a white surface reflects all of its light and no
// more, whatever the roughness and angle. It is the quantity the raster backend approximates with
// Karis' analytic fit for its sky lighting (brdf.glsl, environment_brdf); here it is tabulated by
// integrating the lobe once, so the path tracer's BSDF conserves energy over twenty bounces.
#pragma once

#include <glm/glm.hpp>

namespace railyard::render::embree {

// (scale, bias) for the cosine from the normal n_dot_v in [0, 1] and alpha = roughness^2.
glm::vec2 specular_albedo(float n_dot_v, float roughness);

}  // namespace railyard::render::embree
