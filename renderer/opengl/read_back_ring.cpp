#include "renderer/opengl/read_back_ring.h"

#include <cstring>
#include <stdexcept>
#include <string>
#include <utility>

#include "renderer/renderer.h"

namespace railyard::render {
namespace {

constexpr std::size_t kPartDepthBytes = 8;  // an RG32UI texel: part id, then distance bits

std::size_t pixel_count(const ReadBackRing::Request& r) {
  return static_cast<std::size_t>(r.width) * static_cast<std::size_t>(r.height);
}

// Where the part id + distance texels start in a slot's buffer: after the colour bytes.
GLintptr part_depth_offset(const ReadBackRing::Request& r) {
  std::size_t colour = r.color ? pixel_count(r) * sizeof(Rgb8) : 0;
  return static_cast<GLintptr>((colour + 15) / 16 * 16);
}

GLsizeiptr slot_bytes(const ReadBackRing::Request& r) {
  bool part_depth = r.ids || r.depth;
  return part_depth_offset(r) +
         static_cast<GLsizeiptr>(part_depth ? pixel_count(r) * kPartDepthBytes : 0);
}

// Waits for `fence`, flushing the commands before it once; a minute at most.
void wait_for(GLsync fence) {
  GLbitfield flags = GL_SYNC_FLUSH_COMMANDS_BIT;
  for (int second = 0; second < 60; ++second) {
    GLenum status = glClientWaitSync(fence, flags, 1'000'000'000);
    if (status == GL_ALREADY_SIGNALED || status == GL_CONDITION_SATISFIED) return;
    if (status == GL_WAIT_FAILED)
      throw RendererError("waiting for a frame's read-back failed (OpenGL error 0x" +
                          std::to_string(glGetError()) + ")");
    flags = 0;
  }
  throw RendererError("a frame's read-back did not finish within a minute");
}

}  // namespace

ReadBackRing::~ReadBackRing() {
  for (Slot& slot : slots_) free_slot(slot);
}

void ReadBackRing::free_slot(Slot& slot) {
  if (slot.fence) glDeleteSync(std::exchange(slot.fence, nullptr));
  slot.busy = false;
}

const std::byte* ReadBackRing::storage(Slot& slot, GLsizeiptr bytes) {
  if (direct_) {
    slot.host.resize(static_cast<std::size_t>(bytes));
    return slot.host.data();
  }
  if (!slot.buffer || slot.capacity < bytes) {
    slot.buffer = make_buffer();  // the old one is unmapped as it is deleted
    const GLbitfield access = GL_MAP_READ_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT;
    glNamedBufferStorage(slot.buffer.get(), bytes, nullptr, access | GL_CLIENT_STORAGE_BIT);
    slot.mapped =
        static_cast<const std::byte*>(glMapNamedBufferRange(slot.buffer.get(), 0, bytes, access));
    if (!slot.mapped)
      throw RendererError("cannot map a read-back buffer of " + std::to_string(bytes) + " bytes");
    slot.capacity = bytes;
  }
  return slot.mapped;
}

unsigned ReadBackRing::start(const Request& request) {
  unsigned index = next_;
  Slot& slot = slots_[index];
  if (slot.busy)
    throw std::logic_error("ReadBackRing: more than " + std::to_string(kSlots) +
                           " frames in flight");
  GLsizeiptr bytes = slot_bytes(request);
  slot.data = storage(slot, bytes);
  const std::byte* into = slot.data;
  // Into the pixel buffer at these offsets, or straight into host memory.
  auto at = [&](GLintptr offset) -> void* {
    return direct_ ? const_cast<std::byte*>(into) + offset : reinterpret_cast<void*>(offset);
  };
  glBindBuffer(GL_PIXEL_PACK_BUFFER, direct_ ? 0 : slot.buffer.get());
  glBindFramebuffer(GL_READ_FRAMEBUFFER, request.framebuffer);
  if (request.color) {
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    glReadPixels(0, 0, request.width, request.height, GL_RGB, GL_UNSIGNED_BYTE, at(0));
  }
  if (request.ids || request.depth) {
    glReadBuffer(GL_COLOR_ATTACHMENT1);
    glReadPixels(0, 0, request.width, request.height, GL_RG_INTEGER, GL_UNSIGNED_INT,
                 at(part_depth_offset(request)));
  }
  glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
  if (!direct_) {
    slot.fence = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    glFlush();  // the device starts now, not when the next frame fills the command buffer
  }
  slot.busy = true;
  slot.request = request;
  next_ = (next_ + 1) % kSlots;
  return index;
}

Frame ReadBackRing::finish(unsigned index) {
  Slot& slot = slots_.at(index);
  if (!slot.busy) throw std::logic_error("ReadBackRing: finishing a slot not started");
  struct Release {
    ReadBackRing& ring;
    Slot& slot;
    ~Release() { ring.free_slot(slot); }
  } release{*this, slot};
  if (slot.fence) wait_for(slot.fence);
  const std::byte* bytes = slot.data;
  const Request& r = slot.request;
  Frame frame;
  std::size_t count = pixel_count(r);
  if (r.color) {
    frame.color = Image<Rgb8>(r.width, r.height);
    std::memcpy(frame.color.pixels.data(), bytes, count * sizeof(Rgb8));
  }
  if (!r.ids && !r.depth) return frame;
  // (part id, distance bits) pairs, split into the two passes.
  const std::byte* part_depth = bytes + part_depth_offset(r);
  if (r.ids) frame.part_ids = Image<std::uint32_t>(r.width, r.height);
  if (r.depth) frame.depth = Image<float>(r.width, r.height);
  std::uint32_t* ids = r.ids ? frame.part_ids.pixels.data() : nullptr;
  float* depth = r.depth ? frame.depth.pixels.data() : nullptr;
  for (std::size_t i = 0; i < count; ++i) {
    if (ids) std::memcpy(ids + i, part_depth + kPartDepthBytes * i, 4);
    if (depth) std::memcpy(depth + i, part_depth + kPartDepthBytes * i + 4, 4);
  }
  return frame;
}

void ReadBackRing::abandon(unsigned index) {
  free_slot(slots_.at(index));
}

}  // namespace railyard::render
