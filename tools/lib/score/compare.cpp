#include "tools/lib/score/compare.h"

#include <cmath>
#include <cstdio>

#include "tools/lib/records/open_folder.h"
#include "tools/lib/score/score.h"
#include "tools/lib/score/score_error.h"
#include "tools/lib/score/score_markdown.h"
#include "util/atomic_file.h"
#include "util/file_system.h"

namespace railyard::score {

namespace fs = std::filesystem;

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

ScoreReport read_score(const fs::path& folder) {
  if (!file_system::is_directory(folder) || folder_content(folder) != FolderContent::Score)
    throw ScoreError(folder.string() + ": not a score folder (no score.json)");
  return ScoreFolder::open(folder).record;
}

FigurePair side_by_side(const Figure& a, const Figure& b) {
  return {a, b, b.value - a.value};
}

// McNemar's test over the samples both scored (score.json's "scored" of one dataset).
Tested tested(const ScoreReport& a, const ScoreReport& b, const std::string& name, double alpha) {
  auto scored = [&](const ScoreReport& score) {
    auto it = score.scored.find(name);
    return it == score.scored.end() ? std::string() : it->second;
  };
  std::string sa = scored(a), sb = scored(b);
  std::uint64_t both = 0, only_a = 0, only_b = 0;
  for (std::size_t i = 0; i < sa.size() && i < sb.size(); ++i) {
    if (sa[i] == '-' || sb[i] == '-') continue;
    ++both;
    only_a += sa[i] == '1' && sb[i] == '0';
    only_b += sa[i] == '0' && sb[i] == '1';
  }
  Tested out{both, mcnemar(only_a, only_b)};
  out.mcnemar.significant = out.mcnemar.p < alpha;
  return out;
}

}  // namespace

Comparison compare_scores(const fs::path& a_folder, const fs::path& b_folder) {
  ScoreReport a = read_score(a_folder), b = read_score(b_folder);
  const TargetInput &ta = a.inputs.target, &tb = b.inputs.target;
  if (ta.sha256 != tb.sha256)
    throw ScoreError(b_folder.string() + ": scores another target than " + a_folder.string() +
                     " (" + tb.path + " against " + ta.path + ")");
  double alpha = 1.0 - a.confidence;
  Comparison out;
  out.a = file_system::absolute(a_folder).string();
  out.b = file_system::absolute(b_folder).string();
  out.target = ta;
  out.confidence = a.confidence;
  std::uint64_t all_b = 0, all_c = 0;
  auto add = [&](const Tested& t) {
    all_b += t.mcnemar.b, all_c += t.mcnemar.c, out.overall.both_scored += t.both_scored;
  };
  for (const DatasetScore& da : a.datasets)
    for (const DatasetScore& db : b.datasets) {
      if (da.name != db.name) continue;
      out.datasets.push_back({tested(a, b, da.name, alpha), da.name,
                              side_by_side(da.accuracy, db.accuracy),
                              side_by_side(da.balanced_accuracy, db.balanced_accuracy)});
      add(out.datasets.back());
    }
  if (a.pairs && b.pairs)
    out.pairs = PairsComparison{side_by_side(a.pairs->consistency, b.pairs->consistency)};
  if (a.sequences && b.sequences) {
    std::string name = a.scored.empty() ? "" : a.scored.begin()->first;
    out.sequences = SequencesComparison{
        tested(a, b, name, alpha),
        side_by_side(a.sequences->sequence_accuracy, b.sequences->sequence_accuracy)};
    add(*out.sequences);
  }
  out.overall.mcnemar = mcnemar(all_b, all_c);
  out.overall.mcnemar.significant = out.overall.mcnemar.p < alpha;
  return out;
}

std::string compare_markdown(const Comparison& compare) {
  std::string out =
      "# Comparison\n\nA: " + compare.a + "\n\nB: " + compare.b +
      "\n\n| dataset | accuracy A | accuracy B | B - A | McNemar b / c | p | significant |\n"
      "|---|---|---|---|---|---|---|\n";
  auto row = [&](const std::string& name, const FigurePair& figure, const McNemar& test) {
    char diff[32], p[32];
    std::snprintf(diff, sizeof diff, "%+.1f", 100 * figure.difference);
    std::snprintf(p, sizeof p, "%.3g", test.p);
    out += "| " + name + " | " + figure_text(figure.a) + " | " + figure_text(figure.b) + " | " +
           diff + " | " + std::to_string(test.b) + " / " + std::to_string(test.c) + " | " + p +
           " (" + test.test + ") | " + (test.significant ? "yes" : "no") + " |\n";
  };
  for (const DatasetComparison& d : compare.datasets) row(d.name, d.accuracy, d.mcnemar);
  if (const auto& s = compare.sequences) row("sequences", s->sequence_accuracy, s->mcnemar);
  const McNemar& overall = compare.overall.mcnemar;
  char p[32];
  std::snprintf(p, sizeof p, "%.3g", overall.p);
  out += "\nOverall, on " + std::to_string(compare.overall.both_scored) +
         " samples both scored: b = " + std::to_string(overall.b) +
         ", c = " + std::to_string(overall.c) + ", p = " + p + " (" + overall.test + ").\n";
  return out;
}

void write_compare_folder(const Comparison& compare, const fs::path& folder) {
  StagedFolder staged(folder, kCompareFolder);
  staged.write("compare.md", compare_markdown(compare));
  staged.write("compare.json", record_json(compare).dump(1) + "\n");
  staged.commit();
}

}  // namespace railyard::score
