#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    int fd = open(argv[i], O_WRONLY | O_CREAT, 0644);
    if (fd >= 0 && write(fd, "x", 1) == 1) printf("wrote %s\n", argv[i]);
    if (fd >= 0) close(fd);
  }
  return 0;
}
