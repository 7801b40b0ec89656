// The car-order operations (swap_cars, move, insert, delete) on any sequence: the train's cars,
// and the parallel list of where each car came from that the change report keeps (intervention.h).
// Positions are 1-based and already checked by the caller.
#pragma once

#include <algorithm>
#include <utility>

#include "logic/intervention/operation.h"

namespace railyard {

// Rearranges `seq` as `op` rearranges cars; `inserted` is the element an insert puts in. Other
// kinds leave `seq` as it is.
template <class Sequence, class T>
void rearrange(const Operation& op, Sequence& seq, T inserted) {
  auto at = [&](int position) { return seq.begin() + (position - 1); };
  switch (op.kind) {
    case OperationKind::SwapCars: std::swap(*at(op.first), *at(op.second)); break;
    case OperationKind::Move:
      if (op.first < op.second)
        std::rotate(at(op.first), at(op.first) + 1, at(op.second) + 1);
      else
        std::rotate(at(op.second), at(op.first), at(op.first) + 1);
      break;
    case OperationKind::Insert:
      seq.push_back(inserted);
      std::rotate(at(op.first), seq.end() - 1, seq.end());
      break;
    case OperationKind::Delete:
      std::rotate(at(op.first), at(op.first) + 1, seq.end());
      seq.resize(seq.size() - 1);
      break;
    default: break;
  }
}

}  // namespace railyard
