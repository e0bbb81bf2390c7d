/**
 * `--record`: what a benchmark prints is also written into docs/performance.md, between its
 * `<!-- bench:NAME:start -->` and `<!-- bench:NAME:end -->` markers, as the recorded run. That file
 * is the one home of the measured figures; the README, the decisions and code comments link to it
 * instead of copying numbers that then drift. Without the flag nothing is written, so a quick or
 * noisy run never replaces the recorded one.
 */
import fs from "node:fs";
import os from "node:os";
import { fileURLToPath } from "node:url";

const PERFORMANCE_DOC = fileURLToPath(new URL("../docs/performance.md", import.meta.url));

/** Starts capturing this process's console.log for `name` when `--record` was passed. */
export function recordRunAs(name: string, command: string) {
  if (!process.argv.includes("--record")) return;
  const lines: string[] = [];
  const log = console.log.bind(console);
  console.log = (...args: unknown[]) => {
    lines.push(args.map(String).join(" "));
    log(...args);
  };
  process.on("exit", (code) => {
    if (code !== 0) return;
    const date = new Date().toISOString().slice(0, 10);
    const block = [`${command} (recorded ${date}, ${os.cpus().length} cores)`, ...lines].join("\n").trimEnd();
    writeBetweenMarkers(name, `\`\`\`\n${block}\n\`\`\``);
    log(`Recorded in docs/performance.md (${name}).`);
  });
}

function writeBetweenMarkers(name: string, content: string) {
  const doc = fs.readFileSync(PERFORMANCE_DOC, "utf8");
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const at = doc.indexOf(start);
  const until = doc.indexOf(end);
  if (at < 0 || until < at) throw new Error(`docs/performance.md lacks the ${start} … ${end} markers`);
  fs.writeFileSync(PERFORMANCE_DOC, `${doc.slice(0, at + start.length)}\n${content}\n${doc.slice(until)}`);
}
