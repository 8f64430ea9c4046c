#include <pthread.h>
#include <stdio.h>
#include <time.h>
/* Each thread burns 150 ms of its own CPU time (load on the machine does not change that). */
static void *burn(void *arg) {
  struct timespec ts;
  for (volatile unsigned long i = 0;; i++) {
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    if (ts.tv_sec * 1000000000L + ts.tv_nsec >= 150000000L) break;
  }
  return arg;
}
int main(void) {
  pthread_t t[4];
  for (int i = 0; i < 4; i++) pthread_create(&t[i], 0, burn, 0);
  for (int i = 0; i < 4; i++) pthread_join(t[i], 0);
  printf("done\n");
  return 0;
}
