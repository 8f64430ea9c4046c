#include <string.h>
static int down(int n) {
  char frame[4096];
  memset(frame, n, sizeof frame);
  return n == 0 ? frame[7] : down(n - 1) + frame[n % 4096];
}
int main(void) { return down(1 << 20) == 42; }
