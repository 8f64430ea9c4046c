#include <stdio.h>
#include <string.h>
/* Interactive: binary search for a number in [1, 1000000] asking "? x", reading "<", ">" or "=". */
int main(void) {
  int lo = 1, hi = 1000000;
  char reply[8];
  while (lo <= hi) {
    int mid = lo + (hi - lo) / 2;
    printf("? %d\n", mid);
    fflush(stdout);
    if (scanf("%7s", reply) != 1) return 2;
    if (strcmp(reply, "=") == 0) {
      printf("! %d\n", mid);
      fflush(stdout);
      return 0;
    }
    if (strcmp(reply, "<") == 0) hi = mid - 1;
    else lo = mid + 1;
  }
  return 1;
}
