#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
int main(void) {
  DIR *d = opendir("/proc");
  if (!d) return 2;
  int n = 0;
  struct dirent *e;
  while ((e = readdir(d)) != NULL)
    if (isdigit((unsigned char)e->d_name[0])) n++;
  printf("pids %d\n", n);
  return 0;
}
