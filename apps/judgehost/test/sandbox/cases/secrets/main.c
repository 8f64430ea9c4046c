#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
/* Prints every path it can open (a file or a directory). */
int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    int fd = open(argv[i], O_RDONLY);
    if (fd >= 0) {
      char c;
      if (read(fd, &c, 1) >= 0 || 1) printf("opened %s\n", argv[i]);
      close(fd);
    }
  }
  return 0;
}
