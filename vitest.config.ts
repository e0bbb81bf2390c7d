import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["tests/sandbox/**/*.test.ts", "tests/unit/**/*.test.ts", "tests/server/**/*.test.ts"],
    environment: "node",
    testTimeout: 20_000,
  },
});
