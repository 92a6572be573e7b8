// autocannon calls this before every request (in its worker, which loads it by path): it gives each
// request a search of its own, so no cache answers it. In the path, `{n}` becomes the request's
// sequence number and `{job}` a job number from 10000 to 99999, a different one each time; a
// `{seed=N}` marker, removed, shifts both so that runs do not repeat each other.
let sequence = 0;

module.exports = function setupRequest(request) {
  sequence += 1;
  const seed = Number((/\{seed=(\d+)\}/.exec(request.path) ?? [])[1] ?? 0);
  const n = seed * 1_000_000 + sequence;
  // 7919 is prime to 90000: the numbers run through all of 10000..99999 before one comes back.
  const job = 10_000 + ((n * 7919) % 90_000);
  const path = request.path.replace(/\{seed=\d+\}/, '').replace('{n}', String(n)).replace('{job}', String(job));
  return { ...request, path };
};
