import { aiEnvironment } from "../../api/ai/config";
import { type FakeAiServer, startFakeAiServer } from "../support/fake-ai-server";
import { createTestApi, type TestApi } from "./helpers";

/**
 * A test API whose chat model is the fake provider's `environment-chat`, on loopback (which the
 * API may reach), without the offline voice; `close` ends both.
 */
export async function startFakeChatApi(): Promise<{
  fake: FakeAiServer;
  t: TestApi;
  close: () => Promise<void>;
}> {
  const fake = await startFakeAiServer();
  const environment = aiEnvironment({
    AI_BASE_URL: fake.baseUrl,
    AI_API_KEY: fake.apiKey,
    AI_CHAT_MODEL: "environment-chat",
  });
  const t = await createTestApi({
    ai: { environment, allowPrivateNetwork: true, offlineVoice: false },
  });
  return {
    fake,
    t,
    close: async () => {
      await Promise.all([t.close(), fake.close()]);
    },
  };
}
