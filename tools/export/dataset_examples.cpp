#include "tools/export/dataset_examples.h"

#include "tools/export/export_options.h"

namespace railyard::exports {

DatasetExamples read_dataset_examples(const DatasetFolder& folder, bool with_parts) {
  try {
    DatasetExamples out;
    for (std::uint64_t index = 0; index < folder.count(); ++index) {
      SampleRecord record = folder.read_record(index);
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
    return out;
  } catch (const DatasetError& e) {
    throw ExportError(e.what());
  }
}

}  // namespace railyard::exports
