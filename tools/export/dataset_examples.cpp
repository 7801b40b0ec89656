#include "tools/export/dataset_examples.h"

#include <limits>

#include "tools/export/export_options.h"
#include "tools/records/json_fields.h"
#include "util/file_system.h"
#include "util/strict_yaml.h"

namespace railyard::exports {
namespace {

using Field = JsonField<nlohmann::json>;

std::uint32_t state_id(const Field& field) {
  std::uint64_t id = field.as_unsigned();
  if (id > std::numeric_limits<std::uint32_t>::max()) field.fail("not a state (too large)");
  return static_cast<std::uint32_t>(id);
}

// sequences/automaton.json (tools/dataset/sequences/sequence_run.cpp writes it).
SequenceAutomaton read_automaton(const DatasetFolder& folder) {
  std::filesystem::path file = folder.paths().sequences() / "automaton.json";
  if (!file_system::is_regular_file(file))
    throw ExportError(file.string() + ": missing; a sequence dataset's export needs its automaton");
  nlohmann::json json = read_json_file(file);
  JsonOrigin origin{file.string()};
  Field root(json, origin);
  SequenceAutomaton automaton;
  automaton.formula = root["formula"].as_string();
  automaton.atoms = root["atoms"].as_strings();
  for (const Field& state : root["states"].items())
    automaton.states.push_back({state_id(state["id"]), state["initial"].as_bool(),
                                state["accepting"].as_bool(), state["sink"].as_bool()});
  for (const Field& t : root["transitions"].items()) {
    AutomatonTransition transition{
        state_id(t["from"]), state_id(t["to"]), t["guard"].as_string(), {}};
    for (const Field& letter : t["letters"].items()) transition.letters.push_back(state_id(letter));
    automaton.transitions.push_back(std::move(transition));
  }
  return automaton;
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
    for (SequenceAnnotations a :
         {SequenceAnnotations::Label, SequenceAnnotations::Predicates, SequenceAnnotations::States})
      if (annotations_key(a) == key) return a;
    throw ExportError(folder.paths().manifest().string() +
                      ": config: sequence.train_annotations '" + key +
                      "' is not label, predicates or states");
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
