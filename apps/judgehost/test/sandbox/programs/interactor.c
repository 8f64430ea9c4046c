#include <stdio.h>
#include <stdlib.h>
/* Answers guesses about a secret (argv[1]); prints the number of questions on stderr when found. */
int main(int argc, char **argv) {
  int secret = atoi(argv[1]), x, asked = 0;
  char op[4];
  while (scanf("%3s %d", op, &x) == 2) {
    if (op[0] == '!') {
      fprintf(stderr, "%s after %d\n", x == secret ? "found" : "wrong", asked);
      return x == secret ? 0 : 1;
    }
    asked++;
    puts(secret < x ? "<" : secret > x ? ">" : "=");
    fflush(stdout);
  }
  fprintf(stderr, "eof after %d\n", asked);
  return 3;
}
