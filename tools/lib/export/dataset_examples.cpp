#include "tools/lib/export/dataset_examples.h"

#include <limits>

#include "tools/lib/export/export_options.h"
#include "tools/lib/records/formats/automaton_file.h"
#include "util/file_system.h"
#include "util/strict_yaml.h"

namespace railyard::exports {
namespace {

// sequences/automaton.json (a sequence run writes it, formats/automaton_file.h).
ltlf::Automaton read_automaton(const DatasetFolder& folder) {
  std::filesystem::path file = folder.paths().sequences() / "automaton.json";
  if (!file_system::is_regular_file(file))
    throw ExportError(file.string() + ": missing; a sequence dataset's export needs its automaton");
  return read_automaton_file(file).automaton;
}

// What the dataset's train split shows: sequence.train_annotations of its config (the manifest
// keeps the YAML); States, the default, when the key is absent.
SequenceAnnotations train_annotations(const DatasetFolder& folder) {
  try {
    YamlField config = YamlField::parse(folder.manifest().config, "manifest.json config");
    if (!config.is_map()) return SequenceAnnotations::States;
    std::optional<YamlField> sequence = config.find("sequence");
    if (!sequence || !sequence->is_map()) return SequenceAnnotations::States;
    std::optional<YamlField> shown = sequence->find("train_annotations");
    if (!shown) return SequenceAnnotations::States;
    std::string key = shown->text();
    if (std::optional<SequenceAnnotations> a = kSequenceAnnotationNames.parse(key)) return *a;
    throw ExportError(folder.paths().manifest().string() +
                      ": config: sequence.train_annotations '" + key + "' is not " +
                      kSequenceAnnotationNames.list(", ", " or "));
  } catch (const ExportError&) {
    throw;
  } catch (const InputError& e) {
    throw ExportError(folder.paths().manifest().string() + ": config: " + e.what());
  }
}

SequenceExamples read_sequences(const DatasetFolder& folder, const SequenceFiles& files) {
  SequenceExamples out;
  out.automaton = read_automaton(folder);
  out.train_annotations = train_annotations(folder);
  const std::vector<SequenceSteps>& all = files.sequences();
  for (std::size_t s = 0; s < all.size(); ++s) {
    SequenceExample sequence;
    sequence.index = s;
    sequence.split = folder.split_of(all[s].first_sample);
    sequence.accepted = all[s].accepted();
    for (std::size_t t = 0; t < all[s].steps.size(); ++t) {
      const SequenceStepRecord& record = all[s].steps[t];
      Example step;
      step.index = all[s].first_sample + t;
      sequence.steps.push_back(
          {example_id(step), record.state, record.next_state, record.predicates});
    }
    out.sequences.push_back(std::move(sequence));
  }
  return out;
}

}  // namespace

DatasetExamples read_dataset_examples(const DatasetFolder& folder, bool with_parts) {
  try {
    DatasetExamples out;
    SequenceFiles sequences;
    bool sequence_dataset = false;
    Sha256 digest;
    for (std::uint64_t index = 0; index < folder.count(); ++index) {
      SampleRecord record = folder.read_record(index, digest);
      if (index == 0) sequence_dataset = record.sequence.has_value();
      if (sequence_dataset) {
        sequences.add(record);  // every record a step, in order
      } else if (record.sequence) {
        throw ExportError(folder.paths().record(index).string() +
                          ": key 'sequence': a step of a sequence, but sample 0 is not");
      }
      if (!record.labelled) {
        ++out.withheld;
        continue;
      }
      Example example;
      example.index = index;
      example.train = {record.train.train, record.published};
      example.split = folder.split_of(index);
      example.image = record.files.image;
      if (with_parts) example.parts = std::move(record.parts);
      out.examples.push_back(std::move(example));
    }
    folder.check_records_digest(digest);
    if (sequence_dataset) out.sequences = read_sequences(folder, sequences);
    return out;
  } catch (const DatasetError& e) {
    throw ExportError(e.what());
  }
}

}  // namespace railyard::exports
