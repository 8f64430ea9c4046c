#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>
int main(int argc, char **argv) {
  for (int i = 1; i + 1 < argc; i += 2) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {0};
    a.sin_family = AF_INET;
    a.sin_port = htons((unsigned short)atoi(argv[i + 1]));
    inet_pton(AF_INET, argv[i], &a.sin_addr);
    int ok = fd >= 0 && connect(fd, (struct sockaddr *)&a, sizeof a) == 0;
    printf("%s\n", ok ? "connected" : "blocked");
    if (fd >= 0) close(fd);
  }
  return 0;
}
