import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./built-server";

/** The parts of a V8 .cpuprofile (node --cpu-prof) that self time needs. */
interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * V8 stamps samples in microseconds of the monotonic clock, the one process.hrtime reads in any
 * process on the machine; so the benchmark can name the span it loaded the server and leave the
 * start-up (module loading, compiling) out.
 */
export interface Window {
  fromUs: number;
  toUs: number;
}

export const nowUs = () => Number(process.hrtime.bigint() / 1000n);

export interface SelfTime {
  name: string;
  ms: number;
  share: number;
}

export interface ProfileSummary {
  busyMs: number;
  idleMs: number;
  functions: SelfTime[];
  /** Self time by where the code lives: a node_modules package, node internals, or our own files. */
  places: SelfTime[];
}

function placeOf(url: string): string {
  if (!url) return "(native / V8)";
  if (url.startsWith("node:")) return "node internals";
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
  if (pkg) return pkg;
  return path.relative(ROOT, url.replace(/^file:\/\//, ""));
}

function shortUrl(url: string): string {
  return url
    .replace(/^file:\/\//, "")
    .replace(`${ROOT}/`, "")
    .replace(/^.*node_modules\//, "");
}

function ranked(totals: Map<string, number>, busyMs: number, top: number): SelfTime[] {
  return [...totals]
    .map(([name, ms]) => ({ name, ms, share: ms / busyMs }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, top);
}

/** Self time per function and per place within the window, idle time left out of the shares. */
export function summariseCpuProfile(file: string, window: Window, top = 15): ProfileSummary {
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const functions = new Map<string, number>();
  const places = new Map<string, number>();
  let idleMs = 0;
  let busyMs = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at < window.fromUs || at > window.toUs) return;
    const frame = byId.get(id)!;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    if (frame.functionName === "(idle)") {
      idleMs += ms;
      return;
    }
    busyMs += ms;
    const name =
      `${frame.functionName || "(anonymous)"} ${frame.url ? `${shortUrl(frame.url)}:${frame.lineNumber + 1}` : ""}`.trim();
    functions.set(name, (functions.get(name) ?? 0) + ms);
    const place = frame.functionName.startsWith("(") ? frame.functionName : placeOf(frame.url);
    places.set(place, (places.get(place) ?? 0) + ms);
  });
  return { busyMs, idleMs, functions: ranked(functions, busyMs, top), places: ranked(places, busyMs, top) };
}

export function printProfileSummary(summary: ProfileSummary): void {
  const line = (t: SelfTime) =>
    `  ${(t.share * 100).toFixed(1).padStart(5)}%  ${t.ms.toFixed(0).padStart(7)} ms  ${t.name}`;
  console.log(
    `\nCPU profile of the server under load: ${summary.busyMs.toFixed(0)} ms busy, ${summary.idleMs.toFixed(0)} ms idle`,
  );
  console.log("Top self time by function:");
  summary.functions.forEach((t) => console.log(line(t)));
  console.log("Self time by place:");
  summary.places.forEach((t) => console.log(line(t)));
}
