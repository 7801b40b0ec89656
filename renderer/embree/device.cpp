#include "renderer/embree/device.h"

#include <string>

#include "renderer/renderer.h"

namespace railyard::render::embree {
namespace {

const char* error_name(RTCError error) {
  switch (error) {
    case RTC_ERROR_NONE: return "no error";
    case RTC_ERROR_UNKNOWN: return "unknown error";
    case RTC_ERROR_INVALID_ARGUMENT: return "invalid argument";
    case RTC_ERROR_INVALID_OPERATION: return "invalid operation";
    case RTC_ERROR_OUT_OF_MEMORY: return "out of memory";
    case RTC_ERROR_UNSUPPORTED_CPU: return "unsupported CPU";
    case RTC_ERROR_CANCELLED: return "cancelled";
  }
  return "unrecognised error";
}

}  // namespace

Device::Device() {
  device_ = rtcNewDevice(nullptr);
  if (device_ == nullptr) {
    throw RendererError(std::string("Embree: cannot create a device: ") +
                        error_name(rtcGetDeviceError(nullptr)));
  }
}

Device::~Device() {
  rtcReleaseDevice(device_);
}

void Device::check(const char* what) const {
  RTCError error = rtcGetDeviceError(device_);
  if (error != RTC_ERROR_NONE) {
    throw RendererError(std::string("Embree: ") + what + ": " + error_name(error));
  }
}

}  // namespace railyard::render::embree
