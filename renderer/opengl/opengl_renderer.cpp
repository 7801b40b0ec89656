#include "renderer/opengl/opengl_renderer.h"

#include <glad/gl.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/type_precision.hpp>
#include <map>
#include <numbers>
#include <optional>
#include <vector>

#include "renderer/opengl/bounds.h"
#include "renderer/opengl/cube_faces.h"
#include "renderer/opengl/gl_program.h"
#include "renderer/opengl/gpu_layout.h"
#include "renderer/opengl/material_table.h"
#include "renderer/opengl/mesh_cache.h"
#include "renderer/opengl/read_back_ring.h"
#include "renderer/opengl/render_targets.h"
#include "renderer/opengl/sample_pattern.h"
#include "renderer/opengl/shadow_fit.h"
#include "renderer/opengl/sky_irradiance.h"
#include "renderer/opengl/view_rays.h"

namespace railyard::render {
namespace {

constexpr int kDefaultSamples = 4;
constexpr std::uint32_t kInfinityBits = 0x7f800000u;  // kNoDepth as stored in the id pass

// One instance to draw: its uploaded mesh, its record in the instance buffer and its world box.
struct DrawItem {
  const GpuMesh* mesh;
  GLuint record;
  Bounds world;
  bool mirrored;
  bool casts_shadow;
  float sort_key;  // flat instances last, the rest front to back (early depth rejection)
};

// Clip space moved by a sub-pixel offset (in pixels of a width x height view).
glm::mat4 shifted(const glm::mat4& clip_from_world, glm::vec2 shift_px, int width, int height) {
  glm::mat4 shift(1.0f);
  shift[3][0] = 2.0f * shift_px.x / static_cast<float>(width);
  shift[3][1] = 2.0f * shift_px.y / static_cast<float>(height);
  return shift * clip_from_world;
}

// About as many shadow texels across the map as the image has pixels across: the map is fitted
// around the casters, which the image shows no larger than that.
int default_shadow_map_size(const Camera& camera) {
  int size = 512;
  while (size < std::max(camera.width, camera.height) && size < 2048) size *= 2;
  return size;
}

// Reversed depth (1 at the near plane, 0 at the far one) with zero-to-one clip depth: floating
// point depth then keeps its precision far away, where the rails meet the ground.
glm::mat4 reversed_perspective(float vertical_fov, float aspect, float near, float far) {
  return glm::perspectiveRH_ZO(vertical_fov, aspect, far, near);
}

glm::mat4 pinhole_clip_from_world(const Camera& camera) {
  float aspect = static_cast<float>(camera.width) / static_cast<float>(camera.height);
  return reversed_perspective(camera.vertical_fov(), aspect, camera.near, camera.far) *
         camera.world_to_camera();
}

InstanceRecord make_record(const Instance& instance, std::uint32_t material) {
  glm::mat3 linear(instance.object_to_world);
  InstanceRecord r;
  r.object_to_world = instance.object_to_world;
  r.normal_to_world = glm::mat4(glm::transpose(glm::inverse(linear)));
  r.ids = glm::uvec4(material, instance.part, glm::determinant(linear) < 0.0f ? 1u : 0u, 0u);
  return r;
}

// Which lighting pass a program is for, and what it is built with.
enum class LightingPass { Pixels, Edges };

// Where the pinhole view's part samples (Pass::PartSamples) are written: by the lighting pass,
// which fetches every sample anyway, when its colour layers leave draw buffers for them; else
// by the resolve pass, at the cost of fetching them again.
enum class PartSamplesBy : std::uint8_t { None, Lighting, Resolve };

// What every program reading or writing surface_record.glsl is built with.
std::string surface_record_defines() {
  return "#define MATERIAL_BITS " + std::to_string(kMaterialBits) + "u\n";
}

// What a program writing the part samples is built with, up to the number of the first draw
// buffer they go to (after the lighting pass's colour layers, or the resolve pass's two outputs).
constexpr std::string_view kPartSamplesAfter =
    "#define PART_SAMPLES\n#define PART_SAMPLES_LOCATION ";

struct LightingKey {
  int samples;
  LightingPass pass;
  bool sand, checker;
  bool part_samples;
  auto operator<=>(const LightingKey&) const = default;
};

// The fisheye's cube faces are resampled along the lens's rays, so no sample of the view belongs
// to one output pixel. A pixel's colour is the bilinear mix of four face texels, each the tent
// over face samples a texel around it, and a face texel spans about an output pixel: its samples
// are taken as the centre part ids of its 5x5 neighbourhood.
constexpr int kFisheyeReach = 2;

void neighbourhood_part_samples(Frame& frame) {
  const Image<std::uint32_t>& ids = frame.part_ids;
  frame.part_samples.clear();
  for (int dy = -kFisheyeReach; dy <= kFisheyeReach; ++dy)
    for (int dx = -kFisheyeReach; dx <= kFisheyeReach; ++dx) {
      Image<std::uint32_t> layer(ids.width, ids.height);
      for (int y = 0; y < ids.height; ++y)
        for (int x = 0; x < ids.width; ++x)
          layer.at(x, y) =
              ids.at(std::clamp(x + dx, 0, ids.width - 1), std::clamp(y + dy, 0, ids.height - 1));
      frame.part_samples.push_back(std::move(layer));
    }
}

}  // namespace

struct OpenGlRenderer::State {
  std::unique_ptr<EglContext> context;  // first: destroyed after every GL object below
  std::string description;
  OpenGlOptions options;
  int max_samples = 1;
  int max_draw_buffers = 1;
  int max_materials = 1;
  // GL_ARB_shader_stencil_export: the lighting pass's pixels program marks one-surface pixels
  // without discarding the rest (see lighting.frag).
  bool stencil_export = false;
  unsigned frames_in_flight = 1;  // OpenGlOptions::frames_in_flight, resolved

  // Full-screen programs are built for the sample count (and scene patterns) in use, when first
  // needed.
  GlProgram shadow_program, surface_program, fisheye_program;
  std::map<LightingKey, GlProgram> lighting_programs;
  std::map<std::pair<int, bool>, GlProgram> resolve_programs;  // by samples, part samples
  GlObject vertex_format;  // position + normal from one interleaved buffer
  GlObject no_vertices;    // for full-screen triangles
  GlObject frame_buffer, instance_buffer, material_buffer;
  GLsizeiptr instance_capacity = 0;
  GLsizeiptr instance_stride = 0;
  GlObject shadow_compare_sampler, shadow_depth_sampler;

  MeshCache meshes;
  std::unique_ptr<ShadowTarget> shadow;
  std::unique_ptr<ViewTarget> pinhole;
  std::unique_ptr<OutputTarget> pinhole_output;
  std::unique_ptr<CubeTargets> cube;
  SamplePattern pattern;
  struct FaceSet {
    int width = 0, height = 0;
    float fov = 0.0f;
    Lens lens = Lens::Pinhole;
    std::array<bool, 6> seen{};
  } faces;

  // Reused every frame.
  std::vector<std::byte> records;
  MaterialTable materials;
  std::vector<DrawItem> draws;
  std::vector<Bounds> world_bounds;
  std::vector<glm::u16vec4> part_sample_texels;
  ReadBackRing read_backs;  // frames in flight

  // A frame timed (RenderOptions::times): drawing until its first read, reading after it.
  std::optional<StageClock> draw_clock, read_clock;
  void time_frame(FrameTimes* times) {
    read_clock.reset();
    if (times) draw_clock.emplace(&times->draw);
  }
  // Before a read: the drawing ends when the GPU has finished it (only when timed: a glFinish
  // would otherwise cost a run the overlap of its last commands).
  void begin_read_back(FrameTimes* times) {
    if (!draw_clock) return;
    glFinish();
    draw_clock.reset();
    read_clock.emplace(&times->read_back);
  }
  FrameTimes* frame_times = nullptr;
  // Runs one pass, timed into `stage` of a timed frame until the device has finished it.
  template <class Pass>
  void timed_pass(StageTime FrameTimes::*stage, Pass pass) {
    std::optional<StageClock> clock;
    if (frame_times) clock.emplace(&(frame_times->*stage));
    pass();
    if (frame_times) glFinish();
  }

  void initialise();
  void make_current() const {
    if (context) context->make_current();
  }
  void prepare_instances(const Scene& scene);
  void upload_instances();
  void upload_frame_block(const Scene& scene, const ShadowView& shadow_view, bool sun_shadows);
  const GlProgram& lighting_program(int samples, LightingPass pass, bool part_samples);
  const GlProgram& resolve_program(int samples, bool part_samples);
  void draw(const GlProgram& program, const glm::mat4& clip_from_world, bool cull_depth,
            bool casters_only);
  void shadow_pass(const ShadowView& view);
  void render_view(const ViewTarget& target, const glm::mat4& clip_from_world, const Camera& camera,
                   GLuint output_framebuffer, bool output, float focal_px,
                   PartSamplesBy part_samples = PartSamplesBy::None);
  void geometry_pass(const ViewTarget& target, const glm::mat4& clip);
  void lighting_pass(const ViewTarget& target, const glm::mat4& clip, const Camera& camera,
                     bool part_samples);
  void resolve_pass(const ViewTarget& target, GLuint framebuffer, bool output, float focal_px,
                    const Camera& camera, bool part_samples);
  // Each draws the view and starts the read-back of its output (read_backs' slot returned).
  unsigned render_pinhole(const Scene& scene, int samples, PassSet passes,
                          std::vector<Image<std::uint32_t>>& part_samples);
  unsigned render_fisheye(const Scene& scene, int samples, PassSet passes);
  unsigned start_read_back(GLuint framebuffer, int width, int height, PassSet passes);
  void read_part_samples(GLuint texture, bool bottom_up, std::vector<Image<std::uint32_t>>& out);
  // The frame of a slot, with the part samples read at its start; on the renderer's thread.
  Frame read_frame(unsigned slot, const Camera& camera, PassSet passes,
                   std::vector<Image<std::uint32_t>> part_samples);
  void check_errors(const char* during) const;
};

void OpenGlRenderer::State::initialise() {
  GLint major = 0, minor = 0;
  glGetIntegerv(GL_MAJOR_VERSION, &major);
  glGetIntegerv(GL_MINOR_VERSION, &minor);
  if (major * 10 + minor < 45) {
    throw RendererError("OpenGL 4.5 is required; the context offers " + std::to_string(major) +
                        "." + std::to_string(minor) + " (" + description + ")");
  }
  GLint samples = 1, colour_samples = 1, depth_samples = 1, integer_samples = 1;
  glGetIntegerv(GL_MAX_SAMPLES, &samples);
  glGetIntegerv(GL_MAX_COLOR_TEXTURE_SAMPLES, &colour_samples);
  glGetIntegerv(GL_MAX_DEPTH_TEXTURE_SAMPLES, &depth_samples);
  glGetIntegerv(GL_MAX_INTEGER_SAMPLES, &integer_samples);
  // The lighting pass writes one colour attachment per sample.
  GLint draw_buffers = 1;
  glGetIntegerv(GL_MAX_DRAW_BUFFERS, &draw_buffers);
  max_samples = std::max(
      1, std::min({samples, colour_samples, depth_samples, integer_samples, draw_buffers}));
  max_draw_buffers = draw_buffers;
  GLint extensions = 0;
  glGetIntegerv(GL_NUM_EXTENSIONS, &extensions);
  for (GLint i = 0; i < extensions; ++i) {
    auto name = reinterpret_cast<const char*>(glGetStringi(GL_EXTENSIONS, static_cast<GLuint>(i)));
    if (name && std::string_view(name) == "GL_ARB_shader_stencil_export")
      stencil_export = options.stencil_export;
  }
  auto renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  bool software =
      renderer && (std::string_view(renderer).find("llvmpipe") != std::string_view::npos ||
                   std::string_view(renderer).find("softpipe") != std::string_view::npos);
  frames_in_flight = options.frames_in_flight > 0
                         ? std::min(options.frames_in_flight, ReadBackRing::kSlots)
                         : (software ? 1u : ReadBackRing::kSlots);
  read_backs.set_direct(frames_in_flight == 1);  // one at a time: no buffers to go through
  GLint alignment = 256, block_size = 16384;
  glGetIntegerv(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT, &alignment);
  glGetIntegerv(GL_MAX_UNIFORM_BLOCK_SIZE, &block_size);
  instance_stride =
      (static_cast<GLsizeiptr>(sizeof(InstanceRecord)) + alignment - 1) / alignment * alignment;
  max_materials = std::min(std::min(block_size, 65536) / static_cast<GLint>(sizeof(MaterialRecord)),
                           (1 << kMaterialBits) - 2);  // index + 1 below 2^kMaterialBits

  shadow_program = GlProgram({"common.glsl", "scene.vert"}, {});
  surface_program =
      GlProgram({"common.glsl", "scene.vert"},
                {"common.glsl", "octahedral.glsl", "surface_record.glsl", "surface.frag"},
                surface_record_defines());
  fisheye_program = GlProgram({"fullscreen.vert"}, {"common.glsl", "tone.glsl", "fisheye.frag"});

  vertex_format = make_vertex_array();
  GLuint vao = vertex_format.get();
  glEnableVertexArrayAttrib(vao, 0);
  glEnableVertexArrayAttrib(vao, 1);
  glVertexArrayAttribFormat(vao, 0, 3, GL_FLOAT, GL_FALSE, 0);
  glVertexArrayAttribFormat(vao, 1, 3, GL_FLOAT, GL_FALSE, 3 * sizeof(float));
  glVertexArrayAttribBinding(vao, 0, 0);
  glVertexArrayAttribBinding(vao, 1, 0);
  no_vertices = make_vertex_array();

  frame_buffer = make_buffer();
  glNamedBufferStorage(frame_buffer.get(), sizeof(FrameBlock), nullptr, GL_DYNAMIC_STORAGE_BIT);
  instance_buffer = make_buffer();
  // As large as the shaders declare the block, so that no read falls outside the bound range.
  material_buffer = make_buffer();
  glNamedBufferStorage(material_buffer.get(),
                       static_cast<GLsizeiptr>(max_materials) * sizeof(MaterialRecord), nullptr,
                       GL_DYNAMIC_STORAGE_BIT);

  // Two views of the shadow map: hardware depth comparison (bilinear percentage-closer
  // filtering per tap) and raw depths for the blocker search. Beyond the border: lit.
  const float far[4] = {1.0f, 1.0f, 1.0f, 1.0f};
  shadow_compare_sampler = make_sampler();
  shadow_depth_sampler = make_sampler();
  for (GLuint s : {shadow_compare_sampler.get(), shadow_depth_sampler.get()}) {
    glSamplerParameteri(s, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
    glSamplerParameteri(s, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER);
    glSamplerParameterfv(s, GL_TEXTURE_BORDER_COLOR, far);
  }
  glSamplerParameteri(shadow_compare_sampler.get(), GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glSamplerParameteri(shadow_compare_sampler.get(), GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glSamplerParameteri(shadow_compare_sampler.get(), GL_TEXTURE_COMPARE_MODE,
                      GL_COMPARE_REF_TO_TEXTURE);
  glSamplerParameteri(shadow_compare_sampler.get(), GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
  glSamplerParameteri(shadow_depth_sampler.get(), GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glSamplerParameteri(shadow_depth_sampler.get(), GL_TEXTURE_MAG_FILTER, GL_NEAREST);
}

void OpenGlRenderer::State::prepare_instances(const Scene& scene) {
  draws.clear();
  world_bounds.clear();
  materials.clear();
  records.resize(std::max<std::size_t>(scene.instances.size(), 1) *
                 static_cast<std::size_t>(instance_stride));
  Bounds casters;
  for (std::size_t i = 0; i < scene.instances.size(); ++i) {
    const Instance& instance = scene.instances[i];
    if (!instance.mesh) {
      throw RendererError("scene instance " + std::to_string(i) + " has no mesh");
    }
    if (instance.part > kMaxRasterPart) {
      throw RendererError(
          "scene instance " + std::to_string(i) + " has part id " + std::to_string(instance.part) +
          "; the raster backend carries ids up to " + std::to_string(kMaxRasterPart));
    }
    const GpuMesh& mesh = meshes.get(instance.mesh);
    InstanceRecord record = make_record(instance, materials.add(instance.surface_material()));
    std::memcpy(records.data() + i * static_cast<std::size_t>(instance_stride), &record,
                sizeof(record));
    Bounds world = transformed(mesh.bounds, instance.object_to_world);
    world_bounds.push_back(instance.casts_shadow ? world : Bounds{});
    if (mesh.index_count == 0 || world.empty()) continue;
    bool flat = is_flat(world) || !instance.casts_shadow;
    if (!flat) casters.extend(world);
    glm::vec3 nearest = glm::clamp(scene.camera.position, world.min, world.max);
    float key = glm::length(nearest - scene.camera.position) + (flat ? 1e30f : 0.0f);
    draws.push_back({&mesh, static_cast<GLuint>(i), world, record.ids.z != 0u, true, key});
  }
  if (static_cast<int>(materials.records().size()) > max_materials) {
    throw RendererError("the scene has " + std::to_string(materials.records().size()) +
                        " distinct materials; this OpenGL context holds at most " +
                        std::to_string(max_materials));
  }
  // A flat instance with nothing below it (the ground) can shade nothing: leave it out of the
  // shadow map, which then has less to fill.
  for (DrawItem& item : draws) {
    const Instance& instance = scene.instances[item.record];
    item.casts_shadow =
        instance.casts_shadow &&
        (!is_flat(item.world) || casters.empty() ||
         item.world.max.z > casters.min.z + 1e-4f * (casters.max.z - casters.min.z));
  }
  std::stable_sort(draws.begin(), draws.end(),
                   [](const DrawItem& a, const DrawItem& b) { return a.sort_key < b.sort_key; });
  upload_instances();
}

// The instance buffer grows only when a scene has more instances than any before it.
void OpenGlRenderer::State::upload_instances() {
  auto bytes = static_cast<GLsizeiptr>(records.size());
  if (bytes > instance_capacity) {
    instance_capacity = std::max(bytes, 2 * instance_capacity);
    glNamedBufferData(instance_buffer.get(), instance_capacity, nullptr, GL_DYNAMIC_DRAW);
  }
  glNamedBufferSubData(instance_buffer.get(), 0, bytes, records.data());
  const auto& table = materials.records();
  glNamedBufferSubData(material_buffer.get(), 0,
                       static_cast<GLsizeiptr>(table.size() * sizeof(MaterialRecord)),
                       table.data());
}

void OpenGlRenderer::State::upload_frame_block(const Scene& scene, const ShadowView& view,
                                               bool sun_shadows) {
  FrameBlock block{};
  block.light_from_world = view.texture_from_world;
  block.camera_position = glm::vec4(scene.camera.position, 1.0f);
  float sun_radius = glm::radians(std::clamp(scene.sun.angular_radius_deg, 0.0f, 45.0f));
  glm::vec3 to_sun = glm::normalize(scene.sun.direction);
  block.sun_direction = glm::vec4(to_sun, std::tan(sun_radius));
  block.sun_irradiance = glm::vec4(scene.sun.irradiance, std::max(0.002f, std::tan(sun_radius)));
  block.sky_zenith = glm::vec4(scene.sky.zenith, 0.0f);
  block.sky_horizon = glm::vec4(scene.sky.horizon, 0.0f);
  block.sky_ground = glm::vec4(scene.sky.ground, 0.0f);
  block.background =
      scene.background_color ? glm::vec4(*scene.background_color, 1.0f) : glm::vec4(0.0f);
  float size = static_cast<float>(shadow->size);
  block.shadow_extent =
      glm::vec4(view.width_m / size, view.depth_range_m, 1.0f / size, view.width_m);
  if (scene.point_lights.size() > static_cast<std::size_t>(kMaxPointLights))
    throw RendererError("the scene has " + std::to_string(scene.point_lights.size()) +
                        " point lights; at most " + std::to_string(kMaxPointLights) + " are drawn");
  for (std::size_t i = 0; i < scene.point_lights.size(); ++i) {
    block.point_light_position[i] = glm::vec4(scene.point_lights[i].position, 1.0f);
    block.point_light_intensity[i] = glm::vec4(scene.point_lights[i].intensity, 0.0f);
    const glm::vec3& facing = scene.point_lights[i].facing;
    block.point_light_facing[i] = glm::vec4(facing, facing == glm::vec3(0.0f) ? 0.0f : 1.0f);
  }
  block.exposure = glm::vec4(options.exposure, sun_shadows ? 1.0f : 0.0f,
                             static_cast<float>(scene.point_lights.size()), 0.0f);
  auto irradiance = sky_irradiance_table(scene.sky);
  for (int i = 0; i <= kSkyIrradianceSteps; ++i) {
    block.sky_irradiance[i] = glm::vec4(irradiance[i], 0.0f);
  }
  glNamedBufferSubData(frame_buffer.get(), 0, sizeof(block), &block);
}

const GlProgram& OpenGlRenderer::State::lighting_program(int samples, LightingPass pass,
                                                         bool part_samples) {
  LightingKey key{samples, pass, materials.uses(Pattern::Sand), materials.uses(Pattern::Checker),
                  part_samples};
  auto found = lighting_programs.find(key);
  if (found != lighting_programs.end()) return found->second;
  std::string defines =
      std::string(
          stencil_export
              ? "#extension GL_ARB_shader_stencil_export : require\n#define STENCIL_EXPORT\n"
              : "") +
      surface_record_defines() + "#define SAMPLES " + std::to_string(samples) +
      "\n#define MAX_MATERIALS " + std::to_string(max_materials) + "\n" +
      (pass == LightingPass::Pixels ? "#define PIXELS\n" : "#define EDGES\n") +
      (key.sand ? "#define SAND\n" : "") + (key.checker ? "#define CHECKER\n" : "") +
      (part_samples ? std::string(kPartSamplesAfter) + "SAMPLES\n" : "");
  GlProgram program({"fullscreen.vert"},
                    {"common.glsl", "octahedral.glsl", "surface_record.glsl", "tone.glsl",
                     "sky.glsl", "material.glsl", "pattern.glsl", "brdf.glsl", "shadow.glsl",
                     "part_samples.glsl", "lighting.frag"},
                    defines);
  return lighting_programs.emplace(key, std::move(program)).first->second;
}

const GlProgram& OpenGlRenderer::State::resolve_program(int samples, bool part_samples) {
  auto found = resolve_programs.find({samples, part_samples});
  if (found != resolve_programs.end()) return found->second;
  GlProgram program({"fullscreen.vert"},
                    {"surface_record.glsl", "tone.glsl", "part_samples.glsl", "resolve.frag"},
                    surface_record_defines() + "#define SAMPLES " + std::to_string(samples) + "\n" +
                        (part_samples ? std::string(kPartSamplesAfter) + "2\n" : ""));
  return resolve_programs.emplace(std::pair{samples, part_samples}, std::move(program))
      .first->second;
}

void OpenGlRenderer::State::draw(const GlProgram& program, const glm::mat4& clip_from_world,
                                 bool cull_depth, bool casters_only) {
  glUseProgram(program.get());
  glProgramUniformMatrix4fv(program.get(), program.uniform("u_view_projection"), 1, GL_FALSE,
                            &clip_from_world[0][0]);
  glBindVertexArray(vertex_format.get());
  const GpuMesh* bound = nullptr;
  int culling = -1;  // unknown, off, counter-clockwise, clockwise front faces
  for (const DrawItem& item : draws) {
    // The shadow pass clamps depth, so only the sides of its volume may cull there.
    if (casters_only && !item.casts_shadow) continue;
    if (outside_clip_volume(item.world, clip_from_world, cull_depth)) continue;
    if (item.mesh != bound) {
      glVertexArrayVertexBuffer(vertex_format.get(), 0, item.mesh->vertices.get(), 0,
                                6 * sizeof(float));
      glVertexArrayElementBuffer(vertex_format.get(), item.mesh->indices.get());
      bound = item.mesh;
    }
    // Back faces of closed meshes are hidden behind their front faces: culling them halves the
    // triangles llvmpipe sets up. Open meshes are seen from both sides.
    int wanted = !item.mesh->closed ? 0 : (item.mirrored ? 2 : 1);
    if (wanted != culling) {
      if (wanted == 0) {
        glDisable(GL_CULL_FACE);
      } else {
        glEnable(GL_CULL_FACE);
        glFrontFace(wanted == 1 ? GL_CCW : GL_CW);
      }
      culling = wanted;
    }
    glBindBufferRange(GL_UNIFORM_BUFFER, 1, instance_buffer.get(),
                      static_cast<GLintptr>(item.record) * instance_stride, sizeof(InstanceRecord));
    glDrawElements(GL_TRIANGLES, item.mesh->index_count, GL_UNSIGNED_INT, nullptr);
  }
  glDisable(GL_CULL_FACE);
  glFrontFace(GL_CCW);
}

void OpenGlRenderer::State::shadow_pass(const ShadowView& view) {
  glBindFramebuffer(GL_FRAMEBUFFER, shadow->framebuffer.get());
  glViewport(0, 0, shadow->size, shadow->size);
  const float clear_depth = 1.0f;
  glClearNamedFramebufferfv(shadow->framebuffer.get(), GL_DEPTH, 0, &clear_depth);
  glEnable(GL_DEPTH_CLAMP);  // receivers below the fitted box land on its far plane
  glEnable(GL_POLYGON_OFFSET_FILL);
  glPolygonOffset(1.5f, 2.0f);
  glDepthFunc(GL_LESS);
  draw(shadow_program, view.clip_from_world, false, true);
  glDisable(GL_POLYGON_OFFSET_FILL);
  glDisable(GL_DEPTH_CLAMP);
}

// One view into `output_framebuffer`: its surfaces, their lighting, then the filtered pixels.
void OpenGlRenderer::State::render_view(const ViewTarget& target, const glm::mat4& clip_from_world,
                                        const Camera& camera, GLuint output_framebuffer,
                                        bool output, float focal_px, PartSamplesBy part_samples) {
  glBindFramebuffer(GL_FRAMEBUFFER, target.geometry_framebuffer.get());
  if (pattern.samples != target.samples) pattern = make_sample_pattern(target.samples);
  glm::mat4 clip = shifted(clip_from_world, pattern.shift_px, target.width, target.height);
  timed_pass(&FrameTimes::geometry, [&] { geometry_pass(target, clip); });
  timed_pass(&FrameTimes::lighting,
             [&] { lighting_pass(target, clip, camera, part_samples == PartSamplesBy::Lighting); });
  timed_pass(&FrameTimes::resolve, [&] {
    resolve_pass(target, output_framebuffer, output, focal_px, camera,
                 part_samples == PartSamplesBy::Resolve);
  });
}

// The multisampled surfaces of every instance (surface.frag): no shading yet. Only depth is
// cleared: a sample left at the far plane shows nothing, whatever its surface record holds
// (surface_record.glsl), and clearing the records too would cost as much as drawing a backdrop.
void OpenGlRenderer::State::geometry_pass(const ViewTarget& target, const glm::mat4& clip) {
  GLuint fb = target.geometry_framebuffer.get();
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glViewport(0, 0, target.width, target.height);
  const float far_depth = 0.0f;  // reversed depth
  glClearNamedFramebufferfv(fb, GL_DEPTH, 0, &far_depth);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_GREATER);
  draw(surface_program, clip, true, false);
}

// Each pixel's samples shaded (lighting.frag), background included: every pixel as its centre
// sample's surface first, marking in the stencil buffer those whose samples all show it, then the
// rest (edges) with their own program.
void OpenGlRenderer::State::lighting_pass(const ViewTarget& target, const glm::mat4& clip,
                                          const Camera& camera, bool part_samples) {
  GLuint fb =
      part_samples ? target.part_samples_framebuffer.get() : target.lighting_framebuffer.get();
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glViewport(0, 0, target.width, target.height);
  glDisable(GL_DEPTH_TEST);
  const GLint unmarked = 0;
  glStencilMask(0xff);
  glClearNamedFramebufferiv(fb, GL_STENCIL, 0, &unmarked);
  ViewRays rays = view_rays(clip, camera.position, target.width, target.height);
  glBindTextureUnit(0, target.surface.get());
  glBindTextureUnit(3, target.depth.get());
  glBindTextureUnit(1, shadow->depth.get());
  glBindTextureUnit(2, shadow->depth.get());
  glBindSampler(1, shadow_compare_sampler.get());
  glBindSampler(2, shadow_depth_sampler.get());
  glBindBufferBase(GL_UNIFORM_BUFFER, 2, material_buffer.get());
  glBindVertexArray(no_vertices.get());
  glEnable(GL_STENCIL_TEST);
  for (LightingPass pass : {LightingPass::Pixels, LightingPass::Edges}) {
    const GlProgram& program = lighting_program(target.samples, pass, part_samples);
    GLuint p = program.get();
    glUseProgram(p);
    glProgramUniform1i(p, program.uniform("u_centre_sample"), pattern.centre_sample);
    glProgramUniform2fv(p, program.uniform("u_sample_offset"), target.samples,
                        &pattern.sample_offset[0].x);
    glProgramUniform2f(p, program.uniform("u_near_far"), camera.near, camera.far);
    glProgramUniform3fv(p, program.uniform("u_ray_base"), 1, &rays.base.x);
    glProgramUniform3fv(p, program.uniform("u_ray_dx"), 1, &rays.dx.x);
    glProgramUniform3fv(p, program.uniform("u_ray_dy"), 1, &rays.dy.x);
    if (pass == LightingPass::Pixels) {
      glStencilFunc(GL_ALWAYS, 1, 0xff);
      glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
    } else {
      glStencilFunc(GL_EQUAL, unmarked, 0xff);
      glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
      if (stencil_export) {
        // Alpha 0 keeps the colour the pixels pass gave a sample (integer layers never blend).
        glEnable(GL_BLEND);
        glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE);
      }
    }
    glDrawArrays(GL_TRIANGLES, 0, 3);
  }
  glDisable(GL_STENCIL_TEST);
  glDisable(GL_BLEND);
  glBindSampler(1, 0);
  glBindSampler(2, 0);
}

void OpenGlRenderer::State::resolve_pass(const ViewTarget& target, GLuint framebuffer, bool output,
                                         float focal_px, const Camera& camera, bool part_samples) {
  const GlProgram& r = resolve_program(target.samples, part_samples);
  GLuint p = r.get();
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
  glViewport(0, 0, target.width, target.height);
  glDisable(GL_DEPTH_TEST);
  glUseProgram(p);
  glProgramUniform2fv(p, r.uniform("u_tap_offset"), static_cast<GLsizei>(pattern.tap_offset.size()),
                      &pattern.tap_offset[0].x);
  glProgramUniform1i(p, r.uniform("u_centre_sample"), pattern.centre_sample);
  glProgramUniform2i(p, r.uniform("u_size"), target.width, target.height);
  glProgramUniform1i(p, r.uniform("u_flip_rows"), output ? 1 : 0);
  glProgramUniform1i(p, r.uniform("u_encode_srgb"), output ? 1 : 0);
  glProgramUniform1f(p, r.uniform("u_focal_px"), focal_px);
  glProgramUniform2f(p, r.uniform("u_near_far"), camera.near, camera.far);
  glBindTextureUnit(0, target.colour.get());
  glBindTextureUnit(1, target.surface.get());
  glBindTextureUnit(2, target.depth.get());
  glBindVertexArray(no_vertices.get());
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glEnable(GL_DEPTH_TEST);
}

unsigned OpenGlRenderer::State::render_pinhole(const Scene& scene, int samples, PassSet passes,
                                               std::vector<Image<std::uint32_t>>& part_samples) {
  const Camera& camera = scene.camera;
  if (!pinhole || pinhole->width != camera.width || pinhole->height != camera.height ||
      pinhole->samples != samples) {
    pinhole = std::make_unique<ViewTarget>(camera.width, camera.height, samples);
    pinhole_output = std::make_unique<OutputTarget>(camera.width, camera.height);
  }
  PartSamplesBy by = PartSamplesBy::None;
  if (passes.has(Pass::PartSamples)) {
    for (const Instance& instance : scene.instances)
      if (instance.part > 0xffffu)
        throw RendererError("the part-samples pass carries 16-bit part ids; the scene has part " +
                            std::to_string(instance.part));
    bool fits = samples + part_sample_layers(samples) <= max_draw_buffers;
    by = fits ? PartSamplesBy::Lighting : PartSamplesBy::Resolve;
  }
  if (by == PartSamplesBy::Lighting) pinhole->add_part_samples();
  GLuint framebuffer = by == PartSamplesBy::Resolve ? pinhole_output->with_part_samples(samples)
                                                    : pinhole_output->framebuffer.get();
  render_view(*pinhole, pinhole_clip_from_world(camera), camera, framebuffer, true,
              camera.focal_length_px(), by);
  unsigned slot =
      start_read_back(pinhole_output->framebuffer.get(), camera.width, camera.height, passes);
  if (by == PartSamplesBy::Lighting)
    read_part_samples(pinhole->part_samples.get(), true, part_samples);
  if (by == PartSamplesBy::Resolve)
    read_part_samples(pinhole_output->part_samples.get(), false, part_samples);
  return slot;
}

// Every sample's part id of the pinhole view, four to an RGBA16UI texel in a layer per four
// samples (rows bottom-up as the lighting pass wrote them, or top-down from the resolve pass):
// one image per sample.
void OpenGlRenderer::State::read_part_samples(GLuint texture, bool bottom_up,
                                              std::vector<Image<std::uint32_t>>& out) {
  begin_read_back(frame_times);
  int width = pinhole->width, height = pinhole->height, samples = pinhole->samples;
  std::size_t count = static_cast<std::size_t>(width) * height;
  part_sample_texels.resize(count * static_cast<std::size_t>(part_sample_layers(samples)));
  glGetTextureImage(texture, 0, GL_RGBA_INTEGER, GL_UNSIGNED_SHORT,
                    static_cast<GLsizei>(part_sample_texels.size() * sizeof(glm::u16vec4)),
                    part_sample_texels.data());
  out.assign(static_cast<std::size_t>(samples), Image<std::uint32_t>(width, height));
  for (int i = 0; i < samples; ++i) {
    const glm::u16vec4* layer = part_sample_texels.data() + count * static_cast<std::size_t>(i / 4);
    Image<std::uint32_t>& image = out[static_cast<std::size_t>(i)];
    for (int y = 0; y < height; ++y) {
      std::size_t row = static_cast<std::size_t>(bottom_up ? height - 1 - y : y);
      for (int x = 0; x < width; ++x)
        image.at(x, y) =
            layer[row * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)][i % 4];
    }
  }
}

unsigned OpenGlRenderer::State::render_fisheye(const Scene& scene, int samples, PassSet passes) {
  const Camera& camera = scene.camera;
  if (faces.width != camera.width || faces.height != camera.height || faces.fov != camera.fov_deg ||
      faces.lens != camera.lens) {
    faces = {camera.width, camera.height, camera.fov_deg, camera.lens, cube_faces_seen(camera)};
  }
  GLint max_cube = 0;
  glGetIntegerv(GL_MAX_CUBE_MAP_TEXTURE_SIZE, &max_cube);
  int face_size = std::clamp(cube_face_size(camera), 16, std::min(max_cube, 8192));
  if (!cube || cube->face_size != face_size || cube->face.samples != samples ||
      cube->width != camera.width || cube->height != camera.height) {
    cube = std::make_unique<CubeTargets>(face_size, samples, camera.width, camera.height);
    // Faces no pixel samples are never drawn; clear them once so nothing undefined is read.
    const float black[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    const GLuint nothing[4] = {0u, kInfinityBits, 0u, 0u};
    glClearTexImage(cube->display_cube.get(), 0, GL_RGBA, GL_FLOAT, black);
    glClearTexImage(cube->part_depth_cube.get(), 0, GL_RG_INTEGER, GL_UNSIGNED_INT, nothing);
  }
  glm::mat4 face_projection =
      reversed_perspective(0.5f * std::numbers::pi_v<float>, 1.0f, camera.near, camera.far);
  glm::mat4 camera_from_world = camera.world_to_camera();
  for (int face = 0; face < 6; ++face) {
    if (!faces.seen[face]) continue;
    glm::mat4 clip_from_world = face_projection * cube_face_from_camera(face) * camera_from_world;
    render_view(cube->face, clip_from_world, camera, cube->face_framebuffers[face].get(), false,
                0.5f * face_size);
  }

  // Resample along the lens's rays into the output (rows already in image order).
  glBindFramebuffer(GL_FRAMEBUFFER, cube->output.framebuffer.get());
  glViewport(0, 0, camera.width, camera.height);
  glDisable(GL_DEPTH_TEST);
  const GLuint program = fisheye_program.get();
  const LensShaderConstants lens = shader_constants(camera.lens_model());
  glUseProgram(program);
  glProgramUniform1i(program, fisheye_program.uniform("u_lens"), lens.kind);
  glProgramUniform1f(program, fisheye_program.uniform("u_focal_px"), lens.focal_length_px);
  glProgramUniform2f(program, fisheye_program.uniform("u_centre_px"), lens.centre.x, lens.centre.y);
  glBindTextureUnit(0, cube->display_cube.get());
  glBindTextureUnit(1, cube->part_depth_cube.get());
  glBindVertexArray(no_vertices.get());
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glEnable(GL_DEPTH_TEST);
  // The part samples are made from the part ids (neighbourhood_part_samples).
  if (passes.has(Pass::PartSamples)) passes = passes.with(Pass::PartIds);
  return start_read_back(cube->output.framebuffer.get(), camera.width, camera.height, passes);
}

// Starts reading an output framebuffer (rows already top-down): only the passes asked for.
unsigned OpenGlRenderer::State::start_read_back(GLuint framebuffer, int width, int height,
                                                PassSet passes) {
  begin_read_back(frame_times);
  return read_backs.start({framebuffer, width, height, passes.has(Pass::Color),
                           passes.has(Pass::PartIds), passes.has(Pass::Depth)});
}

Frame OpenGlRenderer::State::read_frame(unsigned slot, const Camera& camera, PassSet passes,
                                        std::vector<Image<std::uint32_t>> part_samples) {
  make_current();
  Frame frame = read_backs.finish(slot);
  check_errors("reading a frame back");
  if (!passes.has(Pass::PartSamples)) return frame;
  if (camera.lens != Lens::Pinhole) {
    neighbourhood_part_samples(frame);
    if (!passes.has(Pass::PartIds)) frame.part_ids = {};
  } else {
    frame.part_samples = std::move(part_samples);
  }
  return frame;
}

void OpenGlRenderer::State::check_errors(const char* during) const {
  GLenum error = glGetError();
  if (error != GL_NO_ERROR) {
    throw RendererError("OpenGL error 0x" + std::to_string(error) + " while " + during + " (" +
                        description + ")");
  }
}

OpenGlRenderer::OpenGlRenderer(const OpenGlOptions& options) : state_(std::make_unique<State>()) {
  state_->options = options;
  state_->context =
      std::make_unique<EglContext>(options.platform.value_or(egl_platform_from_environment()));
  state_->description = state_->context->description();
  state_->initialise();
}

OpenGlRenderer::OpenGlRenderer(GlLoader load, std::string context_description,
                               const OpenGlOptions& options)
    : state_(std::make_unique<State>()) {
  state_->options = options;
  if (gladLoadGL(reinterpret_cast<GLADloadfunc>(load)) == 0) {
    throw RendererError("cannot load OpenGL functions in the current context (" +
                        context_description + ")");
  }
  auto gl_string = [](GLenum name) {
    const GLubyte* text = glGetString(name);
    return std::string(text ? reinterpret_cast<const char*>(text) : "?");
  };
  state_->description = context_description + "; " + gl_string(GL_VENDOR) + "; " +
                        gl_string(GL_RENDERER) + "; OpenGL " + gl_string(GL_VERSION);
  state_->initialise();
}

OpenGlRenderer::~OpenGlRenderer() {
  // GL objects are freed in the context that made them.
  if (state_) state_->make_current();
}

void OpenGlRenderer::release_thread() {
  if (state_->context) state_->context->release();
}

std::string OpenGlRenderer::description() const {
  return state_->description;
}

Frame OpenGlRenderer::render(const Scene& scene, const RenderOptions& options) {
  return begin_render(scene, options).take();
}

unsigned OpenGlRenderer::frames_in_flight() const {
  return state_->frames_in_flight;
}

PendingFrame OpenGlRenderer::begin_render(const Scene& scene, const RenderOptions& options) {
  validate_camera(scene.camera);
  State& s = *state_;
  if (s.read_backs.full())
    throw std::logic_error("OpenGlRenderer: more than " + std::to_string(ReadBackRing::kSlots) +
                           " frames in flight; take the oldest first");
  s.make_current();
  s.frame_times = options.times;
  s.time_frame(options.times);
  const Camera& camera = scene.camera;
  int samples =
      std::clamp(options.samples > 0 ? options.samples : kDefaultSamples, 1, s.max_samples);
  int shadow_size =
      s.options.shadow_map_size > 0 ? s.options.shadow_map_size : default_shadow_map_size(camera);
  if (!s.shadow || s.shadow->size != shadow_size) {
    s.shadow = std::make_unique<ShadowTarget>(shadow_size);
  }

  s.prepare_instances(scene);
  ShadowView shadow_view =
      fit_shadow_view(s.world_bounds, glm::normalize(scene.sun.direction), shadow_region(camera));
  s.upload_frame_block(scene, shadow_view, !options.local_lighting);

  glClipControl(GL_LOWER_LEFT, GL_ZERO_TO_ONE);
  glEnable(GL_DEPTH_TEST);
  glDisable(GL_CULL_FACE);  // open meshes are seen from both sides
  glDisable(GL_BLEND);
  glDisable(GL_SCISSOR_TEST);
  glDisable(GL_FRAMEBUFFER_SRGB);  // the resolve pass encodes sRGB itself
  glEnable(GL_TEXTURE_CUBE_MAP_SEAMLESS);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glBindBufferBase(GL_UNIFORM_BUFFER, 0, s.frame_buffer.get());

  if (!options.local_lighting)
    s.timed_pass(&FrameTimes::shadow, [&] { s.shadow_pass(shadow_view); });
  std::vector<Image<std::uint32_t>> part_samples;
  unsigned slot = camera.lens == Lens::Pinhole
                      ? s.render_pinhole(scene, samples, options.passes, part_samples)
                      : s.render_fisheye(scene, samples, options.passes);

  // Leave the defaults a host application (the viewer) expects.
  glClipControl(GL_LOWER_LEFT, GL_NEGATIVE_ONE_TO_ONE);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glBindVertexArray(0);
  glUseProgram(0);
  s.meshes.evict_expired();
  s.draw_clock.reset();
  s.frame_times = nullptr;
  try {
    s.check_errors("rendering");
  } catch (...) {
    s.read_backs.abandon(slot);
    throw;
  }
  auto read = [&s, slot, camera, passes = options.passes,
               part_samples = std::move(part_samples)]() mutable {
    return s.read_frame(slot, camera, passes, std::move(part_samples));
  };
  if (options.times) {  // a timed frame is read now, its read-back timed
    Frame frame = read();
    s.read_clock.reset();
    return PendingFrame(std::move(frame));
  }
  auto abandon = [&s, slot] {
    try {
      s.make_current();
      s.read_backs.abandon(slot);
    } catch (...) {  // no context to free it in: the slot goes with the renderer
    }
  };
  return PendingFrame(std::move(read), std::move(abandon));
}

std::unique_ptr<Renderer> make_opengl_renderer(const OpenGlOptions& options) {
  return std::make_unique<OpenGlRenderer>(options);
}

}  // namespace railyard::render
