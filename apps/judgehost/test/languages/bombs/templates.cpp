// Each level instantiates two of the level below: 2^40 instantiations with no memoisation of the sum.
template <int N, int K> struct Boom {
  static constexpr long long value = Boom<N - 1, K * 2>::value + Boom<N - 1, K * 2 + 1>::value;
};
template <int K> struct Boom<0, K> {
  static constexpr long long value = K;
};
int main() { return (int)Boom<40, 0>::value; }
