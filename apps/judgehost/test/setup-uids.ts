// Every judgehost test process gets a sandbox uid range of its own (the judgehost locks its range at start), so
// concurrent test runs and a judgehost running on the same machine do not collide or refuse each other.
process.env.OJ_SANDBOX_UID_BASE ??= String(
  Number(process.env.OJ_TEST_UID_OFFSET ?? 0) + 62000 + (process.pid % 500) * 8,
);
process.env.OJ_SANDBOX_UID_COUNT ??= '8';
