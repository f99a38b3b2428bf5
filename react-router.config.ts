import { join } from "node:path";
import type { Config } from "@react-router/dev/config";
import { writeLatestBuild } from "./scripts/vite/latest-build";
import { precompress } from "./scripts/vite/precompress";

export default {
  ssr: true,
  // BUILD_DIR lets several builds sit side by side (server.ts reads the same variable).
  buildDirectory: process.env.BUILD_DIR || "build",
  // Open pages poll builds/latest.json to learn that a new deployment is out.
  // Hashed assets are compressed once, here, rather than on every response.
  buildEnd({ reactRouterConfig, viteConfig }) {
    const client = join(reactRouterConfig.buildDirectory, "client");
    writeLatestBuild(client, viteConfig.build.assetsDir);
    precompress(join(client, viteConfig.build.assetsDir));
  },
} satisfies Config;
