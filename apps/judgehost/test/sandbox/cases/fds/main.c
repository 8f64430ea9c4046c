#include <stdio.h>
#include <fcntl.h>
int main(void) {
  int first = 1;
  for (int fd = 0; fd < 1024; fd++) {
    if (fcntl(fd, F_GETFD) != -1) {
      printf(first ? "%d" : " %d", fd);
      first = 0;
    }
  }
  printf("\n");
  return 0;
}
