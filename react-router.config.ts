import { join } from "node:path";
import type { Config } from "@react-router/dev/config";
import { writeLatestBuild } from "./scripts/vite/latest-build";

export default {
  ssr: true,
  // BUILD_DIR lets several builds sit side by side (server.ts reads the same variable).
  buildDirectory: process.env.BUILD_DIR || "build",
  // Open pages poll builds/latest.json to learn that a new deployment is out.
  buildEnd({ reactRouterConfig, viteConfig }) {
    writeLatestBuild(join(reactRouterConfig.buildDirectory, "client"), viteConfig.build.assetsDir);
  },
} satisfies Config;
