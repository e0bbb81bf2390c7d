/** npm run bench:census-file: the census file stages alone (bench/census-files.ts), without the page load runs of npm run bench. */
import os from "node:os";
import { CENSUS_CHECK_MAX_MB, CENSUS_CHECK_MAX_MS } from "./budgets";
import { measureCensusFiles, printCensusFiles } from "./census-files";
import { recordRunAs } from "./record";

recordRunAs("census-file", "npm run bench:census-file");
const load = () => os.loadavg()[0]!.toFixed(2);
const before = load();
const results = await measureCensusFiles();
console.log(`(load average ${before} before, ${load()} after)`);
printCensusFiles(results, CENSUS_CHECK_MAX_MS, CENSUS_CHECK_MAX_MB);
