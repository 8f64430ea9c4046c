// autocannon setupRequest (run in its worker thread): each request opens a random discussion of the bench,
// `{did}` in the path replaced by an id from BENCH_DID_MIN to BENCH_DID_MAX (skipping the disabled ones, every
// hundredth from the seventh).
const min = Number(process.env.BENCH_DID_MIN ?? 1);
const max = Number(process.env.BENCH_DID_MAX ?? 1);
module.exports = (req) => {
  let did = min + Math.floor(Math.random() * (max - min + 1));
  if ((did - min + 1) % 100 === 7) did = did > min ? did - 1 : did + 1;
  return { ...req, path: req.path.replace('{did}', String(did)) };
};
