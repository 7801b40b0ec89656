// A frame whose drawing has begun but whose passes may not be read back yet (frames in flight:
// Renderer::begin_render). take() waits for the device and gives the frame, on the thread that
// began it. A pending frame destroyed untaken lets go of what it holds on the device.
#pragma once

#include <functional>
#include <stdexcept>
#include <utility>

#include "renderer/frame.h"

namespace railyard::render {

class PendingFrame {
 public:
  // A frame already read back.
  explicit PendingFrame(Frame ready)
      : read_([frame = std::move(ready)]() mutable { return std::move(frame); }) {}
  // `read` waits for the device and reads the frame; `abandon` frees what it would have read.
  PendingFrame(std::function<Frame()> read, std::function<void()> abandon)
      : read_(std::move(read)), abandon_(std::move(abandon)) {}

  PendingFrame(PendingFrame&& other) noexcept
      : read_(std::exchange(other.read_, nullptr)),
        abandon_(std::exchange(other.abandon_, nullptr)) {}
  PendingFrame& operator=(PendingFrame&& other) noexcept {
    if (this != &other) {
      let_go();
      read_ = std::exchange(other.read_, nullptr);
      abandon_ = std::exchange(other.abandon_, nullptr);
    }
    return *this;
  }
  PendingFrame(const PendingFrame&) = delete;
  PendingFrame& operator=(const PendingFrame&) = delete;
  ~PendingFrame() { let_go(); }

  // Once: the frame, when the device has finished it.
  Frame take() {
    if (!read_) throw std::logic_error("PendingFrame::take: the frame was taken already");
    abandon_ = nullptr;  // whatever read_ does, it frees its hold itself
    return std::exchange(read_, nullptr)();
  }

 private:
  void let_go() noexcept {
    if (abandon_) std::exchange(abandon_, nullptr)();
  }

  std::function<Frame()> read_;
  std::function<void()> abandon_;
};

}  // namespace railyard::render
