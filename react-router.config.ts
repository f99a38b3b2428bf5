import { join } from "node:path";
import type { Config } from "@react-router/dev/config";
import { writeLatestBuild } from "./scripts/vite/latest-build";
import { precompress } from "./scripts/vite/precompress";
import { writeWidget } from "./scripts/vite/widget-build";

export default {
  ssr: true,
  // BUILD_DIR lets several builds sit side by side (server.ts reads the same variable).
  buildDirectory: process.env.BUILD_DIR || "build",
  // Open pages poll builds/latest.json to learn that a new deployment is out.
  // Hashed assets are compressed once, here, rather than on every response.
  // x-bot's chat widget is bundled on its own, as /widget.js, and fails the build over its budget.
  async buildEnd({ reactRouterConfig, viteConfig }) {
    const client = join(reactRouterConfig.buildDirectory, "client");
    writeLatestBuild(client, viteConfig.build.assetsDir);
    precompress(join(client, viteConfig.build.assetsDir));
    const widget = await writeWidget(client);
    console.log(`widget.js: ${widget.bytes} bytes, ${widget.gzipped} gzipped`);
  },
} satisfies Config;
