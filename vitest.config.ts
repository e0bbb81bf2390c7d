import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["tests/sandbox/**/*.test.ts", "tests/unit/**/*.test.ts", "tests/server/**/*.test.ts"],
    environment: "node",
    testTimeout: 20_000,
    // Vitest's default is one worker fewer than the cores: one on CI's 2 cores. Most files wait on
    // servers and SQLite rather than the CPU, so two overlap those waits.
    maxWorkers: 2,
  },
});
