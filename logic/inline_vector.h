// A vector that keeps up to N elements inside the object and only longer contents on the heap.
// Trains hold their cars in one (train.h): a dataset samples, copies and frees millions of short
// trains (a balanced set frees every rejected attempt), and a heap block per train cost a large
// share of sampling it.
//
// Only for trivially copyable elements, which keeps it short. The interface is the part of
// std::vector that the project uses; iterators are pointers, so spans and ranges work.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <type_traits>
#include <utility>

namespace railyard {

template <class T, std::uint32_t N>
class InlineVector {
  static_assert(std::is_trivially_copyable_v<T> && N > 0);

 public:
  using value_type = T;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;
  using reference = T&;
  using const_reference = const T&;
  using pointer = T*;
  using const_pointer = const T*;
  using iterator = T*;
  using const_iterator = const T*;

  InlineVector() = default;
  InlineVector(std::initializer_list<T> values) { assign(values.begin(), values.end()); }
  explicit InlineVector(size_type count) { resize(count); }
  InlineVector(const InlineVector& other) { assign(other.begin(), other.end()); }
  InlineVector(InlineVector&& other) noexcept { take(other); }
  InlineVector& operator=(const InlineVector& other) {
    if (this != &other) assign(other.begin(), other.end());
    return *this;
  }
  InlineVector& operator=(InlineVector&& other) noexcept {
    if (this != &other) take(other);
    return *this;
  }
  ~InlineVector() = default;

  T* data() { return heap_ ? heap_.get() : inline_.data(); }
  const T* data() const { return heap_ ? heap_.get() : inline_.data(); }
  size_type size() const { return size_; }
  size_type capacity() const { return capacity_; }
  bool empty() const { return size_ == 0; }

  T* begin() { return data(); }
  T* end() { return data() + size_; }
  const T* begin() const { return data(); }
  const T* end() const { return data() + size_; }
  T& operator[](size_type i) { return data()[i]; }
  const T& operator[](size_type i) const { return data()[i]; }
  T& front() { return data()[0]; }
  const T& front() const { return data()[0]; }
  T& back() { return data()[size_ - 1]; }
  const T& back() const { return data()[size_ - 1]; }

  void reserve(size_type count) {
    if (count > capacity_) move_to_heap(count);
  }
  // New elements are value-initialised, as in std::vector.
  void resize(size_type count) {
    reserve(count);
    if (count > size_) std::fill(data() + size_, data() + count, T{});
    size_ = static_cast<std::uint32_t>(count);
  }
  void push_back(T value) {  // by value: `value` may be one of ours, moved by the growth
    if (size_ == capacity_) move_to_heap(2 * capacity_);
    data()[size_++] = value;
  }
  template <class... Args>
  T& emplace_back(Args&&... args) {
    push_back(T{std::forward<Args>(args)...});
    return back();
  }
  void clear() { size_ = 0; }

  friend bool operator==(const InlineVector& a, const InlineVector& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
  }

 private:
  void assign(const T* first, const T* last) {
    size_ = 0;
    reserve(static_cast<size_type>(last - first));
    std::copy(first, last, data());
    size_ = static_cast<std::uint32_t>(last - first);
  }
  void move_to_heap(size_type new_capacity) {
    auto heap = std::make_unique_for_overwrite<T[]>(new_capacity);
    std::copy(begin(), end(), heap.get());
    heap_ = std::move(heap);
    capacity_ = static_cast<std::uint32_t>(new_capacity);
  }
  // Steals other's heap block, or copies its inline elements; leaves other empty.
  void take(InlineVector& other) {
    if (other.heap_) {
      heap_ = std::move(other.heap_);
      capacity_ = other.capacity_;
    } else {
      heap_.reset();
      capacity_ = N;
      std::copy(other.begin(), other.end(), inline_.data());
    }
    size_ = other.size_;
    other.size_ = 0;
    other.capacity_ = N;
  }

  std::unique_ptr<T[]> heap_;  // null while the elements fit inline
  std::uint32_t size_ = 0;
  std::uint32_t capacity_ = N;
  std::array<T, N> inline_;
};

}  // namespace railyard
