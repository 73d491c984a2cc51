// The load generator of scripts/bench/load.ts, in its own process (own event loop, own core when
// one is free): receives the options over IPC, runs the load, sends back the figures, exits.
//
// - Without a rate: autocannon, as many requests as the connections can carry (throughput).
// - With a rate: an open-loop, evenly spaced load (as wrk2 does). autocannon's `overallRate` is not
//   one: each connection gets a budget per second, spends it back to back from the start of the
//   second, then idles until the next (httpClient.js: `reqsMadeThisSecond`), so "50 req/s over 10
//   connections" is a burst of ten concurrent requests, then the rest, then silence, every second:
//   a latency at saturation, not at that rate. Here request i is due at start + i / rate, whatever
//   the answers before it did, and its latency counts from when it was due (a generator running late
//   does not hide the server's delay: no coordinated omission).
import autocannon from 'autocannon';
import http from 'node:http';
import { performance } from 'node:perf_hooks';

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function openLoop({ url, headers = {}, connections, duration, overallRate, requests }) {
  const base = new URL(url);
  const paths = requests?.length ? requests : [{ method: 'GET', path: base.pathname + base.search }];
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const total = Math.round(duration * overallRate);
  const interval = 1000 / overallRate;
  const latencies = [];
  let failed = 0;
  const send = (index, due) =>
    new Promise((resolve) => {
      const { method, path } = paths[index % paths.length];
      const request = http.request({ host: base.hostname, port: base.port, method, path, headers, agent }, (response) => {
        response.resume();
        response.on('end', () => {
          latencies.push(performance.now() - due);
          if (response.statusCode < 200 || response.statusCode >= 300) failed += 1;
          resolve();
        });
      });
      request.setTimeout(10_000, () => request.destroy(new Error('timeout')));
      // A failed or timed-out request counts as failed AND keeps its latency (until it failed): left
      // out, a server that drops requests under load would look faster than one that answers them.
      request.on('error', () => {
        latencies.push(performance.now() - due);
        failed += 1;
        resolve();
      });
      request.end();
    });
  const started = performance.now();
  const inFlight = [];
  for (let i = 0; i < total; i += 1) {
    const due = started + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait - 1));
    while (performance.now() < due); // the last millisecond spun, for an even spacing
    inFlight.push(send(i, due));
  }
  await Promise.all(inFlight);
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const round = (ms) => Math.round(ms * 10) / 10;
  return {
    rps: (latencies.length - failed) / seconds,
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies.at(-1) ?? 0),
    non2xx: failed,
  };
}

process.once('message', async (options) => {
  try {
    if (options.overallRate) {
      process.send({ ok: true, ...(await openLoop(options)) });
    } else {
      const result = await autocannon(options);
      process.send({
        ok: true,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        max: result.latency.max,
        non2xx: result.non2xx + result.errors + result.timeouts,
      });
    }
  } catch (error) {
    process.send({ ok: false, error: String(error?.stack ?? error) });
  }
  process.disconnect();
});
