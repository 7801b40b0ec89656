#include "tools/lib/records/pairs_manifest.h"

#include "util/printable_text.h"

namespace railyard {
namespace {

double rate(std::uint64_t flipped, std::uint64_t pairs) {
  return pairs ? static_cast<double>(flipped) / static_cast<double>(pairs) : 0.0;
}

// A side: a relative folder inside the pairs folder.
void check_side(const RecordPlace& at, const std::string& text) {
  std::filesystem::path relative = text;
  if (relative.empty() || relative.is_absolute() ||
      relative.lexically_normal().string().starts_with(".."))
    at.fail("'" + printable(text) + "' is not a folder inside the pairs folder");
}

}  // namespace

FlipRate::FlipRate(std::uint64_t pairs, std::uint64_t flipped)
    : pairs(pairs), flipped(flipped), flip_rate(rate(flipped, pairs)) {}

void FlipRate::add(bool flip) {
  *this = FlipRate(pairs + 1, flipped + flip);
}

void check_record(const RecordPlace& at, const FlipRate& flips) {
  if (flips.flipped > flips.pairs)
    at["flipped"].fail("more than the " + std::to_string(flips.pairs) + " pairs");
  if (flips.flip_rate != rate(flips.flipped, flips.pairs))
    at["flip_rate"].fail("is not flipped / pairs");
}

void check_record(const RecordPlace& at, const PairsManifest& manifest) {
  if (manifest.flip_rate.pairs != manifest.pairs)
    at["flip_rate"]["pairs"].fail("is not the manifest's " + std::to_string(manifest.pairs) +
                                  " pairs");
  check_side(at["base"], manifest.base);
  check_side(at["intervened"], manifest.intervened);
}

nlohmann::ordered_json to_json(const PairsManifest& manifest) {
  return record_json<nlohmann::ordered_json>(manifest);
}

std::string pairs_manifest_text(const PairsManifest& manifest) {
  return to_json(manifest).dump(2) + "\n";
}

PairsManifest read_pairs_manifest(const std::filesystem::path& file) {
  return read_record_file<PairsManifest>(file);
}

}  // namespace railyard
