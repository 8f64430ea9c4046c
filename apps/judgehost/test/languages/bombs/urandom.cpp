#include </dev/urandom>
int main() {}
