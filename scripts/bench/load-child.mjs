// The load generator of scripts/bench/load.ts, in its own process (own event loop, own core when
// one is free): receives autocannon's options over IPC, runs it, sends back the figures, exits.
import autocannon from 'autocannon';

process.once('message', async (options) => {
  try {
    const result = await autocannon(options);
    process.send({
      ok: true,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      max: result.latency.max,
      non2xx: result.non2xx + result.errors + result.timeouts,
    });
  } catch (error) {
    process.send({ ok: false, error: String(error?.stack ?? error) });
  }
  process.disconnect();
});
