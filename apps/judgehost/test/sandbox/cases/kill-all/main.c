#include <signal.h>
#include <stdio.h>
int main(void) {
  signal(SIGTERM, SIG_IGN);
  kill(-1, SIGKILL);
  kill(1, SIGKILL);
  printf("alive\n");
  return 0;
}
