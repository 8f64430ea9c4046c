#include <fcntl.h>
#include <string.h>
#include <unistd.h>
int main(int argc, char **argv) {
  static char block[1 << 20];
  memset(block, 'x', sizeof block);
  int fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) return 2;
  for (int i = 0; i < 2048; i++)
    if (write(fd, block, sizeof block) != (ssize_t)sizeof block) return 3;
  return 0;
}
