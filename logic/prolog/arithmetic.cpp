// Arithmetic evaluation (is/2 and comparison), over terms on the heap and directly over clause
// templates so that `X is Y + 1` in a clause body builds nothing.
#include <cmath>
#include <cstring>

#include "logic/prolog/errors.h"
#include "logic/prolog/machine.h"

namespace railyard::prolog {
namespace {

enum ArOp : std::int8_t {
  kAdd,
  kSub,
  kMul,
  kDiv,
  kIntDiv,
  kMod,
  kRem,
  kFloorDiv,
  kNeg,
  kPos,
  kAbs,
  kSign,
  kMin,
  kMax,
  kSqrt,
  kPow,
  kCaret,
  kToFloat,
  kToInteger,
  kIntPart,
  kFracPart,
  kTruncate,
  kRound,
  kCeiling,
  kFloor,
  kShl,
  kShr,
  kAnd,
  kOr,
  kXor,
  kBitNot,
  kSin,
  kCos,
  kTan,
  kAsin,
  kAcos,
  kAtan,
  kAtan2,
  kExp,
  kLog,
  kLog2,
  kGcd,
  kMsb,
  kCopySign,
};

struct OpName {
  const char* name;
  unsigned arity;
  ArOp op;
};
constexpr OpName kOps[] = {
    {"+", 2, kAdd},
    {"-", 2, kSub},
    {"*", 2, kMul},
    {"/", 2, kDiv},
    {"//", 2, kIntDiv},
    {"mod", 2, kMod},
    {"rem", 2, kRem},
    {"div", 2, kFloorDiv},
    {"-", 1, kNeg},
    {"+", 1, kPos},
    {"abs", 1, kAbs},
    {"sign", 1, kSign},
    {"min", 2, kMin},
    {"max", 2, kMax},
    {"sqrt", 1, kSqrt},
    {"**", 2, kPow},
    {"^", 2, kCaret},
    {"float", 1, kToFloat},
    {"integer", 1, kToInteger},
    {"float_integer_part", 1, kIntPart},
    {"float_fractional_part", 1, kFracPart},
    {"truncate", 1, kTruncate},
    {"round", 1, kRound},
    {"ceiling", 1, kCeiling},
    {"floor", 1, kFloor},
    {"<<", 2, kShl},
    {">>", 2, kShr},
    {"/\\", 2, kAnd},
    {"\\/", 2, kOr},
    {"xor", 2, kXor},
    {"\\", 1, kBitNot},
    {"sin", 1, kSin},
    {"cos", 1, kCos},
    {"tan", 1, kTan},
    {"asin", 1, kAsin},
    {"acos", 1, kAcos},
    {"atan", 1, kAtan},
    {"atan", 2, kAtan2},
    {"atan2", 2, kAtan2},
    {"exp", 1, kExp},
    {"log", 1, kLog},
    {"log", 2, kLog2},
    {"gcd", 2, kGcd},
    {"msb", 1, kMsb},
    {"copysign", 2, kCopySign},
};

[[noreturn]] void eval_error(const Machine& m, const char* what) {
  (void)m;
  throw PrologError(std::string("Arithmetic: evaluation error: ") + what);
}

[[noreturn]] void overflow(const Machine& m) {
  eval_error(m, "integer overflow (this engine's integers have 61 bits)");
}

Number make_i(const Machine& m, std::int64_t v) {
  if (!fits_int(v)) eval_error(m, "integer overflow (this engine's integers have 61 bits)");
  return {false, v, 0.0};
}
Number make_f(double d) {
  return {true, 0, d};
}
double as_f(Number n) {
  return n.is_float ? n.d : static_cast<double>(n.i);
}

std::int64_t need_int(const Machine& m, Number n) {
  if (n.is_float) {
    Machine& mm = const_cast<Machine&>(m);
    m.type_error("integer", mm.new_float(n.d));
  }
  return n.i;
}

std::int64_t to_int(const Machine& m, double d) {
  if (std::isnan(d) || std::isinf(d) || d > static_cast<double>(kMaxInt) ||
      d < static_cast<double>(kMinInt))
    eval_error(m, "undefined (float out of integer range)");
  return static_cast<std::int64_t>(d);
}

Number int_pow(const Machine& m, std::int64_t base, std::int64_t exp) {
  std::int64_t result = 1;
  while (exp > 0) {
    if (exp & 1) {
      if (__builtin_mul_overflow(result, base, &result) || !fits_int(result))
        eval_error(m, "integer overflow (this engine's integers have 61 bits)");
    }
    exp >>= 1;
    if (exp > 0 && (__builtin_mul_overflow(base, base, &base) || !fits_int(base)))
      eval_error(m, "integer overflow (this engine's integers have 61 bits)");
  }
  return make_i(m, result);
}

// a << b for any b: a negative b shifts right (arithmetically, as SWI-Prolog does).
Number shift_left(const Machine& m, std::int64_t a, std::int64_t b) {
  if (b < 0) return make_i(m, a >> std::min<std::int64_t>(63, -b));
  if (a == 0) return make_i(m, 0);
  if (b > 61) overflow(m);
  auto shifted = static_cast<std::int64_t>(static_cast<std::uint64_t>(a) << b);
  if ((shifted >> b) != a) overflow(m);
  return make_i(m, shifted);
}

template <class Arg>
Number apply(Machine& m, FunctorId f, Arg arg) {
  std::int8_t code = f < m.arith_op_.size() ? m.arith_op_[f] : -1;
  if (code < 0)
    throw PrologError("Arithmetic: evaluable `" + m.symbols.indicator(f) + "' does not exist");
  Number x = arg(0);
  Number y = m.symbols.arity(f) == 2 ? arg(1) : Number{};
  bool ints = !x.is_float && !y.is_float;
  std::int64_t r;
  switch (static_cast<ArOp>(code)) {
    case kAdd:
      if (ints) return __builtin_add_overflow(x.i, y.i, &r) ? (overflow(m), x) : make_i(m, r);
      return make_f(as_f(x) + as_f(y));
    case kSub:
      if (ints) return __builtin_sub_overflow(x.i, y.i, &r) ? (overflow(m), x) : make_i(m, r);
      return make_f(as_f(x) - as_f(y));
    case kMul:
      if (ints) return __builtin_mul_overflow(x.i, y.i, &r) ? (overflow(m), x) : make_i(m, r);
      return make_f(as_f(x) * as_f(y));
    case kDiv:
      if (ints) {
        if (y.i == 0) eval_error(m, "zero_divisor");
        if (x.i % y.i == 0) return make_i(m, x.i / y.i);
        return make_f(static_cast<double>(x.i) / static_cast<double>(y.i));
      }
      if (as_f(y) == 0.0) eval_error(m, "zero_divisor");
      return make_f(as_f(x) / as_f(y));
    case kIntDiv: {
      need_int(m, x);
      if (need_int(m, y) == 0) eval_error(m, "zero_divisor");
      return make_i(m, x.i / y.i);
    }
    case kRem: {
      need_int(m, x);
      if (need_int(m, y) == 0) eval_error(m, "zero_divisor");
      return make_i(m, x.i % y.i);
    }
    case kMod: {
      need_int(m, x);
      if (need_int(m, y) == 0) eval_error(m, "zero_divisor");
      std::int64_t v = x.i % y.i;
      if (v != 0 && ((v < 0) != (y.i < 0))) v += y.i;
      return make_i(m, v);
    }
    case kFloorDiv: {
      need_int(m, x);
      if (need_int(m, y) == 0) eval_error(m, "zero_divisor");
      std::int64_t q = x.i / y.i;
      if ((x.i % y.i != 0) && ((x.i < 0) != (y.i < 0))) --q;
      return make_i(m, q);
    }
    case kNeg: return x.is_float ? make_f(-x.d) : make_i(m, -x.i);
    case kPos: return x;
    case kAbs: return x.is_float ? make_f(std::fabs(x.d)) : make_i(m, x.i < 0 ? -x.i : x.i);
    case kSign:
      if (x.is_float) return make_f(x.d > 0 ? 1.0 : x.d < 0 ? -1.0 : 0.0);
      return make_i(m, x.i > 0 ? 1 : x.i < 0 ? -1 : 0);
    case kMin:
      if (ints) return x.i <= y.i ? x : y;
      return as_f(y) < as_f(x) ? y : x;
    case kMax:
      if (ints) return x.i >= y.i ? x : y;
      return as_f(y) > as_f(x) ? y : x;
    case kSqrt:
      if (as_f(x) < 0) eval_error(m, "undefined");
      return make_f(std::sqrt(as_f(x)));
    case kPow:
      if (ints && y.i >= 0) return int_pow(m, x.i, y.i);
      return make_f(std::pow(as_f(x), as_f(y)));
    case kCaret:
      if (ints) {
        if (y.i >= 0) return int_pow(m, x.i, y.i);
        if (x.i == 1) return make_i(m, 1);
        if (x.i == -1) return make_i(m, (y.i % 2 == 0) ? 1 : -1);
        if (x.i == 0) eval_error(m, "zero_divisor");
        m.type_error("float", make_int(x.i));
      }
      return make_f(std::pow(as_f(x), as_f(y)));
    case kToFloat: return make_f(as_f(x));
    case kToInteger: return x.is_float ? make_i(m, to_int(m, std::round(x.d))) : x;
    case kIntPart: return make_f(std::trunc(as_f(x)));
    case kFracPart: return make_f(as_f(x) - std::trunc(as_f(x)));
    case kTruncate: return x.is_float ? make_i(m, to_int(m, std::trunc(x.d))) : x;
    case kRound: return x.is_float ? make_i(m, to_int(m, std::round(x.d))) : x;
    case kCeiling: return x.is_float ? make_i(m, to_int(m, std::ceil(x.d))) : x;
    case kFloor: return x.is_float ? make_i(m, to_int(m, std::floor(x.d))) : x;
    case kShl: return shift_left(m, need_int(m, x), need_int(m, y));
    case kShr: return shift_left(m, need_int(m, x), -need_int(m, y));  // |y| <= 2^60
    case kAnd: return make_i(m, need_int(m, x) & need_int(m, y));
    case kOr: return make_i(m, need_int(m, x) | need_int(m, y));
    case kXor: return make_i(m, need_int(m, x) ^ need_int(m, y));
    case kBitNot: return make_i(m, ~need_int(m, x));
    case kSin: return make_f(std::sin(as_f(x)));
    case kCos: return make_f(std::cos(as_f(x)));
    case kTan: return make_f(std::tan(as_f(x)));
    case kAsin: return make_f(std::asin(as_f(x)));
    case kAcos: return make_f(std::acos(as_f(x)));
    case kAtan: return make_f(std::atan(as_f(x)));
    case kAtan2: return make_f(std::atan2(as_f(x), as_f(y)));
    case kExp: return make_f(std::exp(as_f(x)));
    case kLog:
      if (as_f(x) <= 0) eval_error(m, "undefined");
      return make_f(std::log(as_f(x)));
    case kLog2:
      if (as_f(x) <= 0 || as_f(y) <= 0) eval_error(m, "undefined");
      return make_f(std::log(as_f(y)) / std::log(as_f(x)));
    case kGcd: {
      std::int64_t a = need_int(m, x), b = need_int(m, y);
      while (b != 0) {
        std::int64_t t = a % b;
        a = b;
        b = t;
      }
      return make_i(m, a < 0 ? -a : a);
    }
    case kMsb: {
      std::int64_t v = need_int(m, x);
      if (v <= 0) m.type_error("positive_integer", make_int(v));
      return make_i(m, 63 - __builtin_clzll(static_cast<unsigned long long>(v)));
    }
    case kCopySign: return make_f(std::copysign(as_f(x), as_f(y)));
  }
  return x;
}

Number eval_atom(Machine& m, AtomId a) {
  switch (a) {
    case atom::kPi: return make_f(M_PI);
    case atom::kE: return make_f(M_E);
    case atom::kInf: return make_f(HUGE_VAL);
    case atom::kNan: return make_f(std::nan(""));
    case atom::kEpsilon: return make_f(2.220446049250313e-16);
    case atom::kMaxTagged: return make_i(m, kMaxInt);
    case atom::kMinTagged: return make_i(m, kMinInt);
    case atom::kNil: break;
    default: break;
  }
  throw PrologError("Arithmetic: evaluable `" + m.symbols.name(a) + "/0' does not exist");
}

}  // namespace

void setup_arithmetic(Machine& m) {
  for (const OpName& op : kOps) {
    FunctorId f = m.symbols.functor(op.name, op.arity);
    if (m.arith_op_.size() <= f) m.arith_op_.resize(f + 1, -1);
    m.arith_op_[f] = op.op;
  }
}

Number eval(Machine& m, Cell c) {
  Machine::Nested nested(m, "evaluate");
  c = m.deref(c);
  switch (tag_of(c)) {
    case kInt: return {false, int_value(c), 0.0};
    case kFloat: return make_f(m.float_value(c));
    case kRef: m.instantiation_error();
    case kAtom: return eval_atom(m, static_cast<AtomId>(payload(c)));
    case kList: {
      // "a" as a one-element code list evaluates to its code.
      Cell tail = m.deref(m.heap_[payload(c) + 1]);
      if (tail != make_atom(atom::kNil)) m.type_error("evaluable", c);
      return eval(m, m.heap_[payload(c)]);
    }
    case kStr: {
      std::uint64_t at = payload(c);
      FunctorId f = static_cast<FunctorId>(payload(m.heap_[at]));
      return apply(m, f, [&](unsigned i) { return eval(m, m.heap_[at + 1 + i]); });
    }
    default: m.type_error("evaluable", c);
  }
}

Number eval_template(Machine& m, Cell t, const Cell* s) {
  if (tag_of(t) != kCode) return eval(m, t);
  Machine::Nested nested(m, "evaluate");
  std::uint64_t idx = code_index(t);
  switch (code_kind(t)) {
    case kVar:
    case kFirstVar: return eval(m, s[idx]);
    case kTStr: {
      FunctorId f = static_cast<FunctorId>(payload(m.tmpl[idx]));
      return apply(m, f, [&](unsigned i) { return eval_template(m, m.tmpl[idx + 1 + i], s); });
    }
    case kTList: return eval_template(m, m.tmpl[idx], s);
    default: m.instantiation_error();
  }
}

Cell number_cell(Machine& m, Number n) {
  if (n.is_float) return m.new_float(n.d);
  return make_int(make_i(m, n.i).i);
}

bool compare_numbers(Machine& m, Comparison op, Number a, Number b) {
  (void)m;
  int c;
  if (!a.is_float && !b.is_float) {
    c = a.i < b.i ? -1 : (a.i > b.i ? 1 : 0);
  } else {
    double x = as_f(a), y = as_f(b);
    if (std::isnan(x) || std::isnan(y)) return op == kArNe;
    c = x < y ? -1 : (x > y ? 1 : 0);
  }
  switch (op) {
    case kArEq: return c == 0;
    case kArNe: return c != 0;
    case kArLt: return c < 0;
    case kArGt: return c > 0;
    case kArLe: return c <= 0;
    case kArGe: return c >= 0;
  }
  return false;
}

}  // namespace railyard::prolog
