-- wrk -s bench/http/percentiles.lua: after the run, the latency percentiles that a tail is
-- made of (wrk --latency stops at p99).
done = function(summary, latency, requests)
  local s = "  latency percentiles:"
  for _, p in ipairs({50, 90, 99, 99.9, 99.99}) do
    s = s .. string.format(" p%g %.2f", p, latency:percentile(p) / 1000)
  end
  io.write(s .. string.format(", max %.2f ms\n", latency.max / 1000))
end
