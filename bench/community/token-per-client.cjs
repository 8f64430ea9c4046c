// autocannon setupClient (run in its worker thread): each connection signs in as the next of BENCH_TOKENS
// (comma separated), so 50 clients poll as 50 different users.
const tokens = (process.env.BENCH_TOKENS ?? '').split(',').filter(Boolean);
let next = 0;
module.exports = (client) => {
  if (!tokens.length) return;
  client.setHeaders({ authorization: tokens[next % tokens.length] });
  next += 1;
};
