import type { APIRequestContext, Page } from "@playwright/test";
import {
  type Account,
  apiToken,
  expect,
  expectNoAxeViolations,
  screenshotBothModes,
  signIn,
  test,
} from "./fixtures";
import { threadLabels } from "./support/labels";

// How an answer ends in the page: failed at the provider, refused before it was sent, and
// finished without looking unfinished again. The fake provider's models (playwright.config.ts):
// `missing-model` fails, `paced` writes slowly and pauses before its last sentence.

const conversation = (page: Page, name: string) => page.getByRole("list", { name });
const lastMessage = (page: Page, name: string) =>
  conversation(page, name).getByRole("article").last();

async function apiOf(request: APIRequestContext, account: Account) {
  const headers = { Authorization: `Bearer ${await apiToken(request, account)}` };
  return {
    headers,
    newThread: async (data: Record<string, unknown>) => {
      const created = await request.post("/api/v1/threads", { headers, data });
      expect(created.status()).toBe(201);
      return (await created.json()).id as number;
    },
  };
}

for (const [prefix, l] of threadLabels) {
  test.describe(`answers ${prefix || "(en)"}`, () => {
    test("a failed answer says what failed and offers a labelled Retry", async ({ page }) => {
      const account = await signIn(page);
      const api = await apiOf(page.request, account);
      const id = await api.newThread({ title: "Failing", model: "missing-model" });
      await page.goto(`${prefix}/threads/${id}`);
      const box = page.getByRole("textbox", { name: l.message });
      await box.fill(prefix ? "هل أنت هنا؟" : "Are you there?");
      await box.press("Enter");

      const failed = lastMessage(page, l.conversation);
      const alert = failed.getByRole("alert");
      await expect(alert).toContainText(l.failedAnswer);
      await expect(alert).toContainText(l.unknownModel);
      // The provider's own words, beside the page's.
      await expect(alert).toContainText("does not exist");
      const retry = failed.getByRole("button", { name: l.retry, exact: true });
      await expect(retry).toBeVisible();
      await expect(retry).toHaveText(l.retry);
      // An empty answer has nothing to copy.
      await expect(failed.getByRole("button", { name: prefix ? "نسخ" : "Copy" })).toHaveCount(0);
      await screenshotBothModes(page, "thread-failed-answer");
      await expectNoAxeViolations(page);

      // With a model that answers, Retry writes it again as a second version.
      await page.request.patch(`/api/v1/threads/${id}`, {
        headers: api.headers,
        data: { model: null },
      });
      await retry.click();
      await expect(lastMessage(page, l.conversation)).toContainText("Hello from the fake model.");
      await expect(lastMessage(page, l.conversation)).toContainText(
        l.versionOf("2", "2") as string,
      );
      await expect(lastMessage(page, l.conversation).getByRole("alert")).toHaveCount(0);
    });

    test("a question refused before it was sent goes back into the box, with the reason", async ({
      page,
    }) => {
      const account = await signIn(page);
      const api = await apiOf(page.request, account);
      const me = await (await page.request.get("/api/v1/user", { headers: api.headers })).json();
      const quota = await page.request.put(
        `/api/v1/organizations/${me.account.currentOrganizationId}/ai/quotas/chat`,
        { headers: api.headers, data: { monthlyLimit: 0 } },
      );
      expect(quota.status(), await quota.text()).toBe(200);
      const id = await api.newThread({ title: "Refused" });
      await page.goto(`${prefix}/threads/${id}`);
      const question = prefix ? "سؤال لن يُرسل" : "A question that is not sent";
      const box = page.getByRole("textbox", { name: l.message });
      await box.fill(question);
      await box.press("Enter");

      await expect(page.getByRole("alert")).toHaveText(l.quotaExceeded);
      await expect(box).toHaveValue(question);
      await expect(box).toBeFocused();
      // Never saved, so never shown as sent.
      await expect(page.getByText(l.emptyThread)).toBeVisible();
      await expect(conversation(page, l.conversation)).toHaveCount(0);
      await screenshotBothModes(page, "thread-refused-question");
      await page.reload();
      await expect(page.getByText(l.emptyThread)).toBeVisible();
    });

    test("a first question refused on a new thread goes back into the box, and makes no thread", async ({
      page,
    }) => {
      const account = await signIn(page);
      const api = await apiOf(page.request, account);
      const me = await (await page.request.get("/api/v1/user", { headers: api.headers })).json();
      const quota = await page.request.put(
        `/api/v1/organizations/${me.account.currentOrganizationId}/ai/quotas/chat`,
        { headers: api.headers, data: { monthlyLimit: 0 } },
      );
      expect(quota.status(), await quota.text()).toBe(200);
      await page.goto(`${prefix}/threads`);
      const question = prefix ? "سؤال أول لن يُرسل" : "A first question that is not sent";
      const box = page.getByRole("textbox", { name: l.message });
      await box.fill(question);
      await box.press("Enter");

      await expect(page.getByRole("alert")).toHaveText(l.quotaExceeded);
      await expect(box).toHaveValue(question);
      await expect(box).toBeFocused();
      await expect(page).toHaveURL(new RegExp(`${prefix}/threads$`));
      const threads = await page.request.get("/api/v1/threads", { headers: api.headers });
      expect((await threads.json()).items).toHaveLength(0);
    });

    test("a finished answer never looks unfinished again", async ({ page }) => {
      const account = await signIn(page);
      const api = await apiOf(page.request, account);
      const id = await api.newThread({ title: "Paced", model: "paced" });
      await page.goto(`${prefix}/threads/${id}`);
      // Records, in the page, every time the answer looks unfinished again once it was whole:
      // its text cut back, or "Writing…" back after it had gone.
      await page.evaluate(
        ({ writing, conversationName }) => {
          const seen = { whole: false, settled: false, blinks: 0 };
          (window as unknown as { answerSeen: typeof seen }).answerSeen = seen;
          new MutationObserver(() => {
            const list = document.querySelector(`ol[aria-label="${conversationName}"]`);
            const text = list?.textContent ?? "";
            const whole = text.includes("everyone involved.");
            const writingShown = text.includes(writing);
            if (seen.whole && (!whole || (seen.settled && writingShown))) seen.blinks += 1;
            seen.whole ||= whole;
            seen.settled ||= whole && !writingShown;
          }).observe(document.body, { subtree: true, childList: true, characterData: true });
        },
        { writing: l.writing as string, conversationName: l.conversation as string },
      );
      const box = page.getByRole("textbox", { name: l.message });
      await box.fill(prefix ? "اكتب الخطة" : "Write the plan");
      await box.press("Enter");
      await expect(lastMessage(page, l.conversation)).toContainText("everyone involved.", {
        timeout: 40_000,
      });
      await expect(lastMessage(page, l.conversation)).not.toContainText(l.writing);
      // The loaders read the thread again after the answer ended; give them time to.
      await page.waitForTimeout(1_500);
      const seen = await page.evaluate(
        () =>
          (
            window as unknown as {
              answerSeen: { whole: boolean; settled: boolean; blinks: number };
            }
          ).answerSeen,
      );
      expect(seen).toEqual({ whole: true, settled: true, blinks: 0 });
    });
  });
}
