/**
 * npm run bench:census: how long the embedded API takes to check a 10,000-row census (README,
 * Performance: under 1.5 s of server time for the whole upload, file reading included), and how much
 * memory it takes. The API runs in this process on a loopback port with a fresh database; the
 * figures are the check call's wall time (body sent to answer received) and the heap it adds.
 */
import os from "node:os";
import { V1, censusRows, startEmbeddedApi } from "./embedded-api";

const ROWS = 10_000;
const RUNS = 5;

const { base, paidAdmin, close } = await startEmbeddedApi("census");
const token = await paidAdmin("9812345678", ROWS);
const rows = censusRows(ROWS);
const body = JSON.stringify({ rows });
const times: number[] = [];
const cpu: number[] = [];
let heapMb = 0;
for (let run = 0; run < RUNS; run++) {
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const res = await fetch(`${base}${V1}/membership/census/check`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body,
  });
  const text = await res.text();
  times.push(performance.now() - started);
  const used = process.cpuUsage(cpuBefore);
  cpu.push((used.user + used.system) / 1000);
  heapMb = Math.max(heapMb, (process.memoryUsage().heapUsed - heapBefore) / 1e6);
  const answer = JSON.parse(text) as { data: { ready_count: number } };
  if (answer.data.ready_count !== ROWS) throw new Error(`expected ${ROWS} ready rows, got ${answer.data.ready_count}`);
}
times.sort((a, b) => a - b);
cpu.sort((a, b) => a - b);
console.log(
  `census check, ${ROWS.toLocaleString("en-IN")} rows (${(body.length / 1e6).toFixed(1)} MB of JSON): ` +
    `median ${times[Math.floor(RUNS / 2)]!.toFixed(0)} ms, best ${times[0]!.toFixed(0)} ms of ${RUNS}; ` +
    `CPU median ${cpu[Math.floor(RUNS / 2)]!.toFixed(0)} ms (this process: the API and the sending client); ` +
    `heap added up to ${heapMb.toFixed(0)} MB; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
);
close();
