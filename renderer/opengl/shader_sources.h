// The GLSL sources under renderer/opengl/shaders, compiled into the library at build time.
#pragma once

#include <string_view>

namespace railyard::render {

// The text of shaders/<name>; throws RendererError for an unknown name.
std::string_view shader_source(std::string_view name);

}  // namespace railyard::render
