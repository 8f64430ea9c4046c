#include <stdio.h>
#include <stdlib.h>
/* Touches every page of 64 MiB of heap (volatile: the compiler may not drop it), then exits 0. */
int main(void) {
  volatile char *p = malloc(64 << 20);
  if (!p) return 2;
  for (long i = 0; i < (64L << 20); i += 4096) p[i] = (char)i;
  printf("%d\n", p[4096 * 7]);
  return 0;
}
