// The machine's heap: a growable array of cells like std::vector<Cell>, but grown with realloc.
// glibc moves a large block by remapping its pages rather than copying them, so a proof that
// fills its term space never holds the old and the new heap at once (std::vector would need
// half as much again as the limit while it copies).
#pragma once

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>
#include <utility>

#include "logic/prolog/cell.h"

namespace railyard::prolog {

class CellBuffer {
 public:
  CellBuffer() = default;
  CellBuffer(const CellBuffer& other) { *this = other; }
  CellBuffer(CellBuffer&& other) noexcept { swap(other); }
  CellBuffer& operator=(const CellBuffer& other) {
    if (this != &other) {
      resize(other.size_);
      std::copy_n(other.data_, other.size_, data_);
    }
    return *this;
  }
  CellBuffer& operator=(CellBuffer&& other) noexcept {
    swap(other);
    return *this;
  }
  ~CellBuffer() { std::free(data_); }

  Cell& operator[](std::size_t i) { return data_[i]; }
  const Cell& operator[](std::size_t i) const { return data_[i]; }
  Cell* data() { return data_; }
  const Cell* data() const { return data_; }
  std::size_t size() const { return size_; }

  // New cells are zero, as in std::vector.
  void resize(std::size_t n) {
    if (n == size_) return;
    if (n == 0) {
      std::free(data_);
      data_ = nullptr;
      size_ = 0;
      return;
    }
    void* grown = std::realloc(data_, n * sizeof(Cell));
    if (grown == nullptr) throw std::bad_alloc();
    data_ = static_cast<Cell*>(grown);
    if (n > size_) std::memset(data_ + size_, 0, (n - size_) * sizeof(Cell));
    size_ = n;
  }

 private:
  void swap(CellBuffer& other) noexcept {
    std::swap(data_, other.data_);
    std::swap(size_, other.size_);
  }

  Cell* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace railyard::prolog
