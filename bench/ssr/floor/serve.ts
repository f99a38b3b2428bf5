// The floor's server: React Router's request handler behind Express and its static files, with
// nothing of the product's in front of it.
import { createRequestHandler } from "@react-router/express";
import express from "express";
import type { ServerBuild } from "react-router";

const build = (await import(new URL("build/server/index.js", import.meta.url).href)) as ServerBuild;
const app = express();
app.disable("x-powered-by");
app.use(
  "/assets",
  express.static(new URL("build/client/assets", import.meta.url).pathname, {
    immutable: true,
    maxAge: "1y",
  }),
);
app.all("*", createRequestHandler({ build }));
app.listen(Number(process.env.PORT ?? 3000), "127.0.0.1");
