import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "~": new URL("./app", import.meta.url).pathname },
  },
  test: {
    // Modules are loaded once per worker, not once per test file: an API test file makes its own
    // API and database (tests/api/helpers.ts), and loading the modules again for each file (Hono,
    // the AI SDK, the embedding model) took 40% of the API tests' time. Vitest still keeps the
    // projects apart from each other.
    poolOptions: { forks: { isolate: false } },
    // Two workers: vitest's default is one fewer than the cores, one on the two of CI, while an
    // API test waits on its database about as much as it computes.
    maxWorkers: 2,
    minWorkers: 1,
    // Nothing but loopback: no test reaches the internet or a real AI provider.
    setupFiles: ["tests/setup/loopback-only.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          // `*.postgres.test.ts` need a PostgreSQL server (several processes on one database).
          exclude: process.env.TEST_DATABASE_URL
            ? configDefaults.exclude
            : [...configDefaults.exclude, "tests/api/**/*.postgres.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
