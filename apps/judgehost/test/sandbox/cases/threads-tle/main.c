#include <pthread.h>
static void *spin(void *arg) {
  for (volatile unsigned long i = 0;; i++) {
  }
  return arg;
}
int main(void) {
  pthread_t t[4];
  for (int i = 0; i < 4; i++) pthread_create(&t[i], 0, spin, 0);
  pthread_join(t[0], 0);
  return 0;
}
