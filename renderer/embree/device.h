// An Embree device: the library's context for every BVH the path tracer builds. Errors Embree
// reports through its callback become RendererError with Embree's own message.
#pragma once

#include <embree3/rtcore.h>

namespace railyard::render::embree {

class Device {
 public:
  // Throws RendererError when Embree cannot start (e.g. no supported CPU instruction set).
  Device();
  ~Device();
  Device(const Device&) = delete;
  Device& operator=(const Device&) = delete;

  RTCDevice handle() const { return device_; }
  // Throws RendererError if Embree reported an error since the last check; `what` says which
  // step failed.
  void check(const char* what) const;

 private:
  RTCDevice device_ = nullptr;
};

}  // namespace railyard::render::embree
