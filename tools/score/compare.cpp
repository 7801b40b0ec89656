#include "tools/score/compare.h"

#include <cmath>
#include <cstdio>

#include "tools/records/json_fields.h"
#include "tools/score/figure.h"
#include "tools/score/score.h"
#include "tools/score/score_error.h"
#include "tools/score/score_markdown.h"
#include "util/atomic_file.h"
#include "util/file_system.h"
#include "util/read_file.h"

namespace railyard::score {

namespace fs = std::filesystem;
using nlohmann::json;
using Json = nlohmann::ordered_json;

McNemar mcnemar(std::uint64_t b, std::uint64_t c) {
  McNemar m{b, c, "", 0.0, 1.0};
  std::uint64_t n = b + c;
  if (n == 0) return {b, c, "exact", 0.0, 1.0};
  if (n < kExactBelow) {
    // Two-sided: twice the lower tail of Binomial(n, 1/2) at min(b, c), at most 1.
    double tail = 0.0, log_half = static_cast<double>(n) * std::log(0.5);
    for (std::uint64_t k = 0; k <= std::min(b, c); ++k)
      tail += std::exp(std::lgamma(n + 1.0) - std::lgamma(k + 1.0) - std::lgamma(n - k + 1.0) +
                       log_half);
    m.test = "exact";
    m.statistic = static_cast<double>(std::min(b, c));
    m.p = std::min(1.0, 2.0 * tail);
    return m;
  }
  double d = std::fabs(static_cast<double>(b) - static_cast<double>(c)) - 1.0;
  m.test = "chi_square";
  m.statistic = d * d / static_cast<double>(n);
  m.p = std::erfc(std::sqrt(m.statistic / 2.0));  // chi-square survival, 1 degree of freedom
  return m;
}

namespace {

json read_score(const fs::path& folder) {
  fs::path file = folder / "score.json";
  if (!file_system::exists(file))
    throw ScoreError(folder.string() + ": not a score folder (no score.json)");
  json score;
  try {
    score = read_json_file(file);
  } catch (const DatasetError& e) {
    throw ScoreError(e.what());
  }
  if (!score.is_object() || score.value("railyard_score", 0) != 1 || !score.contains("scored") ||
      !score.contains("datasets"))
    throw ScoreError(file.string() + ": not a score.json of version 1 with per-sample results");
  return score;
}

Json side_by_side(const json& a, const json& b, const std::string& where) {
  Figure fa = figure_from_json(a, where), fb = figure_from_json(b, where);
  return {{"a", a}, {"b", b}, {"difference", fb.value - fa.value}};
}

Json test_json(const McNemar& m, double alpha) {
  return {{"b", m.b},       {"c", m.c},
          {"test", m.test}, {"statistic", m.statistic},
          {"p", m.p},       {"significant", m.p < alpha}};
}

// McNemar's counts over the samples both scored.
McNemar counts(const std::string& a, const std::string& b, std::uint64_t& both) {
  std::uint64_t only_a = 0, only_b = 0;
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) {
    if (a[i] == '-' || b[i] == '-') continue;
    ++both;
    only_a += a[i] == '1' && b[i] == '0';
    only_b += a[i] == '0' && b[i] == '1';
  }
  return mcnemar(only_a, only_b);
}

}  // namespace

Json compare_scores(const fs::path& a_folder, const fs::path& b_folder) {
  json a = read_score(a_folder), b = read_score(b_folder);
  const json &ta = a["inputs"]["target"], &tb = b["inputs"]["target"];
  if (ta.value("sha256", "") != tb.value("sha256", ""))
    throw ScoreError(b_folder.string() + ": scores another target than " + a_folder.string() +
                     " (" + tb.value("path", "") + " against " + ta.value("path", "") + ")");
  double confidence = a.value("confidence", 0.95), alpha = 1.0 - confidence;
  Json out;
  out["railyard_compare"] = 1;
  out["a"] = file_system::absolute(a_folder).string();
  out["b"] = file_system::absolute(b_folder).string();
  out["target"] = ta;
  out["confidence"] = confidence;
  out["datasets"] = Json::array();
  std::uint64_t all_b = 0, all_c = 0, all_both = 0;
  for (const json& da : a["datasets"])
    for (const json& db : b["datasets"]) {
      if (da["name"] != db["name"]) continue;
      std::string name = da["name"], where = "score.json datasets " + name;
      Json entry = {{"name", name},
                    {"accuracy", side_by_side(da["accuracy"], db["accuracy"], where)},
                    {"balanced_accuracy",
                     side_by_side(da["balanced_accuracy"], db["balanced_accuracy"], where)}};
      std::uint64_t both = 0;
      McNemar m = counts(a["scored"].value(name, ""), b["scored"].value(name, ""), both);
      all_b += m.b, all_c += m.c, all_both += both;
      entry["both_scored"] = both;
      entry["mcnemar"] = test_json(m, alpha);
      out["datasets"].push_back(std::move(entry));
    }
  if (!a["pairs"].is_null() && !b["pairs"].is_null())
    out["pairs"] = {{"consistency",
                     side_by_side(a["pairs"]["consistency"], b["pairs"]["consistency"], "pairs")}};
  if (!a["sequences"].is_null() && !b["sequences"].is_null()) {
    std::uint64_t both = 0;
    std::string name = a["scored"].begin().key();
    McNemar m = counts(a["scored"].value(name, ""), b["scored"].value(name, ""), both);
    all_b += m.b, all_c += m.c, all_both += both;
    out["sequences"] = {
        {"sequence_accuracy", side_by_side(a["sequences"]["sequence_accuracy"],
                                           b["sequences"]["sequence_accuracy"], "sequences")},
        {"both_scored", both},
        {"mcnemar", test_json(m, alpha)}};
  }
  out["overall"] = {{"both_scored", all_both},
                    {"mcnemar", test_json(mcnemar(all_b, all_c), alpha)}};
  return out;
}

std::string compare_markdown(const json& compare) {
  std::string out =
      "# Comparison\n\nA: " + compare.value("a", "") + "\n\nB: " + compare.value("b", "") +
      "\n\n| dataset | accuracy A | accuracy B | B - A | McNemar b / c | p | significant |\n"
      "|---|---|---|---|---|---|---|\n";
  auto row = [&](const std::string& name, const json& figure, const json& test) {
    char diff[32], p[32];
    std::snprintf(diff, sizeof diff, "%+.1f", 100 * figure.value("difference", 0.0));
    std::snprintf(p, sizeof p, "%.3g", test.value("p", 1.0));
    out += "| " + name + " | " + figure_text(figure["a"]) + " | " + figure_text(figure["b"]) +
           " | " + diff + " | " + std::to_string(test.value("b", 0)) + " / " +
           std::to_string(test.value("c", 0)) + " | " + p + " (" + test.value("test", "") + ") | " +
           (test.value("significant", false) ? "yes" : "no") + " |\n";
  };
  for (const json& d : compare["datasets"]) row(d["name"], d["accuracy"], d["mcnemar"]);
  if (compare.contains("sequences"))
    row("sequences", compare["sequences"]["sequence_accuracy"], compare["sequences"]["mcnemar"]);
  const json& overall = compare["overall"]["mcnemar"];
  char p[32];
  std::snprintf(p, sizeof p, "%.3g", overall.value("p", 1.0));
  out += "\nOverall, on " + std::to_string(compare["overall"].value("both_scored", 0)) +
         " samples both scored: b = " + std::to_string(overall.value("b", 0)) +
         ", c = " + std::to_string(overall.value("c", 0)) + ", p = " + p + " (" +
         overall.value("test", "") + ").\n";
  return out;
}

void write_compare_folder(const json& compare, const fs::path& folder) {
  StagedFolder staged(folder, kCompareFolder);
  staged.write("compare.md", compare_markdown(compare));
  staged.write("compare.json", compare.dump(1) + "\n");
  staged.commit();
}

}  // namespace railyard::score
