// A render::Scene written for Blender Cycles, so that `railyard bench pathtrace` can time Cycles on
// exactly the scene it times the path tracer on. Two files:
//   scene.glb  - every instance as a glTF node (meshes shared between instances), materials as
//                glTF metal/roughness; a root node turns our Z-up world into glTF's Y-up, which
//                Blender's importer turns back, so Blender's world coordinates equal ours.
//                tools/lib/records/formats/scene_glb.h writes it, without its camera and lights.
//   scene.json - what glTF cannot carry as we need it: the camera (pose, field of view, lens,
//                resolution), the sun (direction, irradiance, angular radius), the studio lamps,
//                the sky gradient, the flat background, the tone mapping and the procedural
//                patterns.
// tools/bench/cycles_render.py reads both.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>

#include "renderer/scene.h"

namespace railyard {

struct CyclesExport {
  std::filesystem::path glb;
  std::filesystem::path json;
};

// Writes <dir>/scene.glb and <dir>/scene.json; throws std::runtime_error when it cannot.
CyclesExport export_for_cycles(const render::Scene& scene, const std::filesystem::path& dir);

// The two halves, for tests.
void write_scene_glb(const render::Scene& scene, const std::filesystem::path& file);
void write_scene_sidecar(const render::Scene& scene, const std::filesystem::path& file);

// Name of the glTF material of a distinct material (index in order of first use), shared by
// both files so that the script can find a patterned material.
std::string cycles_material_name(std::size_t index);

}  // namespace railyard
