// Writes one export of a list of examples into a folder, one subfolder per split:
//   <folder>/export.json             target, vocabulary, noise and per split the counts
//   <folder>/<split>/bk.pl exs.pl bias.pl   popper (popper_files.h)
//   <folder>/<split>/train.b train.f train.n   aleph (aleph_files.h)
//   <folder>/<split>/scene_graphs.jsonl      scene_graphs (scene_graph.h)
//   <folder>/<split>/noise.jsonl             popper and aleph with perception noise: one line
//                                            per example, the changes made (perception_noise.h)
//   <folder>/<split>/sequences/              popper and aleph of a sequence dataset: the split's
//                                            sequences as a second problem, accepted/1, in the
//                                            same files (popper_files.h, aleph_files.h)
// Splits appear in the order of their first example, examples in input order. The folder
// appears complete or not at all, replacing an earlier export there but nothing else
// (util/staged_folder.h); the same input gives the same bytes.
#pragma once

#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include "tools/lib/export/example.h"
#include "tools/lib/export/export_options.h"
#include "tools/lib/export/sequence_examples.h"
#include "util/staged_folder.h"

namespace railyard::exports {

// An export folder: replaced only by another export, and only while unchanged.
inline constexpr FolderKind kExportFolder{"railyard export", ".railyard-export"};

struct SplitSummary {
  std::string name;
  std::size_t examples = 0;
  std::size_t eastbound = 0;
  std::size_t westbound = 0;
  std::size_t changed_attributes = 0;  // by perception noise
  // Of a sequence dataset (popper and aleph): the split's sequences and what their facts show.
  std::size_t sequences = 0;
  std::size_t accepted = 0;
  std::size_t rejected = 0;
  SequenceAnnotations annotations = SequenceAnnotations::States;
};

struct ExportSummary {
  std::vector<SplitSummary> splits;
  std::uint64_t bytes = 0;  // written, all files together
};

// Throws ExportError (bad options or examples, a part the train lacks, a folder that cannot be
// written) before anything is in place: the folder then holds what it held before.
// `sequences`: the examples are the steps of these sequences (a sequence dataset, checked by
// check_sequences); the popper and aleph exports then add each split's sequence problem, and
// export.json a "sequences" entry. Null: a dataset of single trains, exported as ever.
ExportSummary write_export(const ExportOptions& options, std::span<const Example> examples,
                           const std::filesystem::path& folder,
                           const SequenceExamples* sequences = nullptr);

// The same into `subfolder` of a staged folder that the caller commits (the two sides of a
// pairs folder go into one export folder, which appears whole or not at all).
ExportSummary write_export(const ExportOptions& options, std::span<const Example> examples,
                           StagedFolder& staged, const std::filesystem::path& subfolder,
                           const SequenceExamples* sequences = nullptr);

}  // namespace railyard::exports
