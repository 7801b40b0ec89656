// Frames in flight on one context: a frame's output (sRGB colour and the part id + distance
// target) is copied into a pixel buffer of its own, behind a fence, without waiting (a
// glReadPixels into a GL_PIXEL_PACK_BUFFER only queues the copy); the frame is read from that
// buffer once the fence has passed. The buffers live in host memory, mapped persistently and
// coherently: the host reads them as plain memory (a glGetBufferSubData of device memory read a
// 1920x1080 frame at 1.6 GB/s on an H200). A renderer keeping one frame at a time (llvmpipe's
// default) reads directly into host memory instead (set_direct), as before the ring. While the
// device draws and copies, the caller lays out and submits the next frames. A slot per frame in
// flight.
#pragma once

#include <glad/gl.h>

#include <array>
#include <cstddef>
#include <vector>

#include "renderer/frame.h"
#include "renderer/opengl/gl_objects.h"

namespace railyard::render {

class ReadBackRing {
 public:
  static constexpr unsigned kSlots = 3;

  // An output framebuffer whose rows are already top-down (attachment 0: RGBA8 colour,
  // attachment 1: RG32UI part id and distance bits), and the passes wanted of it.
  struct Request {
    GLuint framebuffer = 0;
    int width = 0, height = 0;
    bool color = false, ids = false, depth = false;
  };

  ReadBackRing() = default;
  ReadBackRing(const ReadBackRing&) = delete;
  ReadBackRing& operator=(const ReadBackRing&) = delete;
  ~ReadBackRing();  // with the context current

  // Reads each frame at start(), straight into host memory, without pixel buffers or fences.
  void set_direct(bool direct) { direct_ = direct; }
  // Whether every slot holds a frame not yet finished or abandoned.
  bool full() const { return slots_[next_].busy; }
  // Queues the copies of `request` into the next slot and returns it. Throws std::logic_error
  // when that slot's frame has not been finished or abandoned (more than kSlots in flight).
  unsigned start(const Request& request);
  // Waits for the slot's copies and returns its frame; the slot is free again, even on a throw
  // (RendererError when the device fails or takes over a minute).
  Frame finish(unsigned slot);
  // Frees the slot without reading it.
  void abandon(unsigned slot);

 private:
  struct Slot {
    GlObject buffer;
    const std::byte* mapped = nullptr;  // the whole buffer, mapped for its lifetime
    GLsizeiptr capacity = 0;
    std::vector<std::byte> host;      // direct reads
    const std::byte* data = nullptr;  // where start() read to: mapped or host
    GLsync fence = nullptr;
    bool busy = false;
    Request request;
  };
  void free_slot(Slot& slot);
  // Where the slot's bytes are read from, `bytes` of them, allocated or grown.
  const std::byte* storage(Slot& slot, GLsizeiptr bytes);

  std::array<Slot, kSlots> slots_;
  unsigned next_ = 0;
  bool direct_ = false;
};

}  // namespace railyard::render
