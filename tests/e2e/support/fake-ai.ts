import { startFakeAiServer } from "../../support/fake-ai-server";

// The AI provider of the end-to-end tests: the OpenAI-compatible fake on a fixed loopback port.
const server = await startFakeAiServer({
  port: Number(process.env.E2E_AI_PORT ?? 3127),
  apiKey: process.env.E2E_AI_KEY ?? "sk-e2e-fake-ai-key",
});
console.log(`Fake AI provider at ${server.baseUrl}`);
