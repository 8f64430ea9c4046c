#include <sys/mman.h>
int main(void) {
  for (int i = 0; i < 16; i++) {
    void *p = mmap(0, 64 << 20, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
    if (p == MAP_FAILED) return 3;
  }
  return 0;
}
