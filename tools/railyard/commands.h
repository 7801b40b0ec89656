// The subcommands of `railyard`. Each registers itself on the app; the command line only wires
// the libraries together.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdio>

namespace railyard {

void add_sample_command(CLI::App& app);
void add_label_command(CLI::App& app);
void add_ltlf_command(CLI::App& app);
void add_worlds_command(CLI::App& app);
void add_rule_stats_command(CLI::App& app);
void add_bench_command(CLI::App& app);
void add_generate_command(CLI::App& app);
void add_intervene_command(CLI::App& app);
void add_export_command(CLI::App& app);
void add_verify_command(CLI::App& app);
void add_pack_command(CLI::App& app);
void add_card_command(CLI::App& app);
void add_gallery_command(CLI::App& app);
void add_render_command(CLI::App& app);
void add_sheet_command(CLI::App& app);
void add_view_command(CLI::App& app);
void add_suite_command(CLI::App& app);
void add_score_command(CLI::App& app);
void add_suite_bench(CLI::App& bench);  // `railyard bench suite`

// -q/--quiet; without it `progress` prints each line on stderr.
inline void add_quiet_flag(CLI::App& command, std::function<void(const std::string&)>& progress) {
  progress = [](const std::string& line) { std::fprintf(stderr, "%s\n", line.c_str()); };
  command.add_flag_callback(
      "-q,--quiet", [&progress] { progress = nullptr; }, "no progress lines");
}

}  // namespace railyard
