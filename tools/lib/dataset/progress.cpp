#include "tools/lib/dataset/progress.h"

#include <unistd.h>

#include <cmath>

namespace railyard {
namespace {

constexpr auto kTerminalInterval = std::chrono::milliseconds(200);
constexpr auto kLogInterval = std::chrono::seconds(10);
constexpr int kBarWidth = 30;

}  // namespace

std::string format_duration(double seconds) {
  auto s = static_cast<long long>(std::llround(std::max(0.0, seconds)));
  char text[32];
  if (s >= 3600)
    std::snprintf(text, sizeof text, "%lldh%02lldm", s / 3600, s % 3600 / 60);
  else if (s >= 60)
    std::snprintf(text, sizeof text, "%lldm%02llds", s / 60, s % 60);
  else
    std::snprintf(text, sizeof text, "%llds", s);
  return text;
}

Progress::Progress(std::uint64_t total, std::string label, std::FILE* out)
    : total_(total),
      label_(std::move(label)),
      out_(out),
      terminal_(out != nullptr && isatty(fileno(out)) != 0),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_) {}

Progress::Progress(std::string label, std::FILE* out) : Progress(0, std::move(label), out) {
  open_ended_ = true;
}

double Progress::elapsed_seconds() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void Progress::advance(std::uint64_t done_now) {
  done_ += done_now;
  auto now = std::chrono::steady_clock::now();
  if (now - last_draw_ >= (terminal_ ? kTerminalInterval : kLogInterval)) {
    last_draw_ = now;
    draw(false);
  }
}

void Progress::finish() {
  draw(true);
}

void Progress::draw(bool final) {
  if (!out_) return;
  double elapsed = elapsed_seconds();
  double rate = elapsed > 0.0 ? static_cast<double>(done_) / elapsed : 0.0;
  if (open_ended_) {
    if (terminal_)
      std::fprintf(out_, "\r%llu %s  %.1f/s  %s %s   ", static_cast<unsigned long long>(done_),
                   label_.c_str(), rate, final ? "in" : "for", format_duration(elapsed).c_str());
    else
      std::fprintf(out_, "%s %llu %s, %.1f/s, %s %s\n", final ? "done" : "progress",
                   static_cast<unsigned long long>(done_), label_.c_str(), rate,
                   final ? "in" : "for", format_duration(elapsed).c_str());
    if (terminal_ && final) std::fputc('\n', out_);
    std::fflush(out_);
    return;
  }
  double eta = rate > 0.0 ? static_cast<double>(total_ - done_) / rate : 0.0;
  double fraction = total_ ? static_cast<double>(done_) / static_cast<double>(total_) : 1.0;
  if (terminal_) {
    int filled = static_cast<int>(fraction * kBarWidth);
    std::string bar(static_cast<std::size_t>(filled), '#');
    bar.resize(kBarWidth, '.');
    std::fprintf(out_, "\r[%s] %llu/%llu %s  %.1f/s  %s %s   ", bar.c_str(),
                 static_cast<unsigned long long>(done_), static_cast<unsigned long long>(total_),
                 label_.c_str(), rate, final ? "in" : "ETA",
                 format_duration(final ? elapsed : eta).c_str());
    if (final) std::fputc('\n', out_);
  } else {
    std::fprintf(out_, "%s %llu/%llu %s (%.1f%%), %.1f/s, %s %s\n", final ? "done" : "progress",
                 static_cast<unsigned long long>(done_), static_cast<unsigned long long>(total_),
                 label_.c_str(), 100.0 * fraction, rate, final ? "in" : "ETA",
                 format_duration(final ? elapsed : eta).c_str());
  }
  std::fflush(out_);
}

}  // namespace railyard
