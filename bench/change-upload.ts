/**
 * npm run bench:changes: the server's share of a 10,000-row changes upload (docs/decisions/0042; the
 * census's budget, docs/performance.md: under 1.5 s of server time). The app's own code does the whole
 * upload as the page's action does (`checkChangeUpload`: the file read, every row checked, one quoting
 * call) against the embedded API on a loopback port with a fresh database, in this process: 10,000
 * leavers of a company of 10,000 employees (one of them never named, so one row is refused), then 10,000
 * joiners. Each: wall time and CPU time (the
 * fairer figure on a shared machine), medians of a few runs.
 */
import os from "node:os";
import { V1, censusRows, startEmbeddedApi } from "./embedded-api";

const ROWS = 10_000;
const RUNS = 3;

const { base, call, paidAdmin, close } = await startEmbeddedApi("changes");
// The app's typed client calls this API as it would a real upstream.
process.env.API_BASE_URL = `${base}/api`;
const { checkChangeUpload } = await import("~/membership/changes/change-upload.server");
const { todayInIndia } = await import("~/utils/dates");

/**
 * A paid yearly membership for `count` employees aged 18–35, employee-only cover, all named but the last:
 * so no policy is issued, and its 10,000 e-cards are not drawn while the upload is timed.
 */
async function paidNamedTeam(mobile: string, count: number): Promise<string> {
  const token = await paidAdmin(mobile, count);
  const rows = censusRows(count - 1);
  const checked = await call("POST", `${V1}/membership/census/check`, token, { rows });
  const saved = await call("POST", `${V1}/membership/census/confirm`, token, { check_id: checked.data.check_id });
  if (saved.success !== 1) throw new Error(`census not saved: ${saved.msg}`);
  return token;
}

// Leavers from a company of 10,000; joiners to one of 2, which 10,000 more would not overfill.
const tokens = { leavers: await paidNamedTeam("9812345678", ROWS), joiners: await paidNamedTeam("9812345679", 2) };
const today = todayInIndia();
const header =
  "employee_code,full_name,gender,date_of_birth,relationship,mobile,email,date_of_joining,change,last_day,reason";
const files = {
  leavers: Array.from({ length: ROWS }, (_, i) => `E-${i + 1},,,,,,,,remove,${today},Resigned`),
  joiners: Array.from(
    { length: ROWS },
    (_, i) =>
      `J-${i + 1},Joiner ${i + 1},male,1996-03-01,self,98${String(i).padStart(8, "0")},j${i}@fernleaf.example,${today},add,,`,
  ),
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
for (const [name, lines] of Object.entries(files)) {
  const file = new File([`${[header, ...lines].join("\r\n")}\r\n`], "changes.csv", { type: "text/csv" });
  const ms: number[] = [];
  const cpuMs: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const result = await checkChangeUpload(tokens[name as keyof typeof tokens], file, today, ["18-35|1A"]);
    ms.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    cpuMs.push((used.user + used.system) / 1000);
    // Every row quoted but the leaver never named, refused on its row.
    if (!result.ok || result.changes.length !== (name === "leavers" ? ROWS - 1 : ROWS))
      throw new Error(
        `${name}: ${result.ok ? `${result.changes.length} quoted, ${result.problems[0]?.message}` : result.message}`,
      );
  }
  console.log(
    `changes upload, 10,000 ${name} (one quoting call): median ${median(ms).toFixed(0)} ms wall, ${median(cpuMs).toFixed(0)} ms CPU ` +
      `(this process: the app's read and checks, the API and both ends of the HTTP) of ${RUNS}; ` +
      `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
  );
}
close();
