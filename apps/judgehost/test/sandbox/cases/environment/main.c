#include <stdio.h>
#include <stdlib.h>
#include <string.h>
extern char **environ;
static int cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }
int main(void) {
  int n = 0;
  while (environ[n]) n++;
  qsort(environ, (size_t)n, sizeof *environ, cmp);
  for (int i = 0; i < n; i++) printf("%s\n", environ[i]);
  return 0;
}
