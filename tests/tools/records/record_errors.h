// For the tests of the record readers: the message of the InputError a reader throws, or
// "accepted" when it reads. Any other exception (a raw nlohmann one) fails the test.
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "util/input_error.h"

namespace railyard::testing {

template <class F>
std::string input_error_of(F&& read) {
  try {
    read();
  } catch (const InputError& e) {
    return e.what();
  } catch (const std::exception& e) {
    ADD_FAILURE() << "not an InputError: " << e.what();
    return e.what();
  }
  return "accepted";
}

inline void write_text(const std::filesystem::path& file, const std::string& text) {
  std::ofstream(file, std::ios::binary) << text;
}

inline bool mentions(const std::string& message, const std::string& part) {
  return message.find(part) != std::string::npos;
}

}  // namespace railyard::testing
