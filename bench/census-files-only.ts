/** npm run bench:census-file: the census file stages alone (bench/census-files.ts), without the page load runs of npm run bench. */
import { CENSUS_CHECK_MAX_MB, CENSUS_CHECK_MAX_MS } from "./budgets";
import { measureCensusFiles, printCensusFiles } from "./census-files";
printCensusFiles(await measureCensusFiles(), CENSUS_CHECK_MAX_MS, CENSUS_CHECK_MAX_MB);
