#include "logic/sequences/step_predicates.h"

namespace railyard {

StepPredicates::StepPredicates(std::vector<NamedPredicate> predicates) {
  if (predicates.size() > kMaxStepPredicates)
    throw RuleError(std::to_string(predicates.size()) + " predicates: a sequence takes at most " +
                    std::to_string(kMaxStepPredicates));
  for (NamedPredicate& p : predicates) {
    names_.push_back(std::move(p.name));
    rules_.push_back(std::move(p.rule));
  }
}

std::uint32_t StepPredicates::letter(const Train& train) {
  std::uint32_t letter = 0;
  for (std::size_t i = 0; i < rules_.size(); ++i)
    if (rules_[i].proves(train)) letter |= 1u << i;
  return letter;
}

std::string letter_text(const std::vector<std::string>& names, std::uint32_t letter) {
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i) text += " & ";
    if (!(letter >> i & 1u)) text += '!';
    text += names[i];
  }
  return text.empty() ? "true" : text;
}

}  // namespace railyard
