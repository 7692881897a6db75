/**
 * Requests one at a time, from a process of its own: the benchmark's process
 * holds the runs' load generators and everything they measured, and its own
 * garbage collections would otherwise show as the slowest answers' latency.
 * Reads its request from `BENCH_LATENCY` (JSON: url, headers, body, warmUp,
 * count), sends `warmUp` requests and then `count` more, each after the last
 * answer's body is read in full, and prints the latter's times in
 * milliseconds as a JSON array.
 */
import { performance } from 'node:perf_hooks';

interface LatencyRequest {
  url: string;
  headers: Record<string, string>;
  body: unknown;
  warmUp: number;
  count: number;
}

const request = JSON.parse(process.env.BENCH_LATENCY ?? '{}') as LatencyRequest;
const times: number[] = [];
for (let i = 0; i < request.warmUp + request.count; i++) {
  const started = performance.now();
  const response = await fetch(request.url, {
    method: 'POST',
    headers: { ...request.headers, 'content-type': 'application/json' },
    body: JSON.stringify(request.body),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`answered ${response.status}`);
  if (i >= request.warmUp) times.push(performance.now() - started);
}
process.stdout.write(JSON.stringify(times));
