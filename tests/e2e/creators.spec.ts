import type { Page } from "@playwright/test";
import { FAKE_AI_KEY, FAKE_AI_URL } from "../../playwright.config";
import {
  type Account,
  apiToken,
  expect,
  expectNoAxeViolations,
  screenshotBothModes,
  signIn,
  test,
} from "./fixtures";
import { creatorLabels } from "./support/labels";

/** The organization's own image model: the fake provider's (the deployment has none). */
async function setUpImages(page: Page, account: Account, model = "e2e-image") {
  const token = await apiToken(page.request, account);
  const headers = { Authorization: `Bearer ${token}` };
  const me = await (await page.request.get("/api/v1/user", { headers })).json();
  const response = await page.request.put(
    `/api/v1/organizations/${me.account.currentOrganizationId}/ai/image`,
    {
      headers,
      data: {
        provider: "openai-compatible",
        baseUrl: FAKE_AI_URL,
        model,
        apiKey: FAKE_AI_KEY,
      },
    },
  );
  expect(response.status(), await response.text()).toBe(200);
}

/** The id of the member's recipe of this name, through the API. */
async function made(page: Page, token: string, name: string) {
  const response = await page.request.get(`/api/v1/recipes?q=${encodeURIComponent(name)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { items } = (await response.json()) as { items: { id: string; name: string }[] };
  return items.find((recipe) => recipe.name === name)?.id;
}

/** The job list beside a creator's form. */
const latest = (page: Page, name: string) => page.getByRole("region", { name });

/** The id of an item from a link or address to it (`…/media/<id>/…` or `?id=<id>`). */
const idIn = (value: string | null) =>
  /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/.exec(value ?? "")?.[1] ?? "";

for (const [prefix, l] of creatorLabels) {
  const arabic = prefix === "/ar";
  const prompt = arabic
    ? "منارة على ساحل صخري عند الغروب"
    : "A lighthouse on a rocky coast at dusk";

  test.describe(`creators ${prefix || "(en)"}`, () => {
    test("makes images, reuses their settings, and makes a narrated video from one", async ({
      page,
    }) => {
      const account = await signIn(page);
      // Without an image model the creator says so, and where to set one up.
      await page.goto(`${prefix}/image/creator`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(l.imageTitle);
      const missing = page.getByRole("region", { name: l.noImageModel });
      await expect(missing.getByRole("link", { name: l.setUpProviders })).toHaveAttribute(
        "href",
        new RegExp(`^${prefix}/account/organization/[0-9a-f-]{36}/ai$`),
      );
      await expect(page.getByLabel(l.prompt)).toHaveCount(0);

      await setUpImages(page, account);
      await page.reload();

      // A prompt is required, and nothing is asked for without one.
      await page.getByRole("button", { name: l.generate, exact: true }).click();
      await expect(page.getByText(l.required)).toBeVisible();
      await expect(latest(page, l.latest).getByRole("listitem")).toHaveCount(0);

      await page.getByLabel(l.prompt).fill(prompt);
      await page.getByLabel(l.count).selectOption("2");
      await page.getByRole("button", { name: l.generate, exact: true }).click();

      // The job shows as it runs, then its two images; the sidebar says the image is ready.
      const job = latest(page, l.latest).getByRole("listitem").first();
      await expect(job.getByText(l.done)).toBeVisible();
      const first = job.getByRole("img", { name: l.result("1", prompt) });
      await expect(first).toBeVisible();
      await expect(job.getByRole("img", { name: l.result("2", prompt) })).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: l.imageReady })).toBeVisible();
      const imageId = idIn(await first.getAttribute("src"));
      expect(imageId).not.toBe("");
      // The seed the image was made with is on the form, to keep it for the next one.
      const seed = await page.getByLabel(l.seed, { exact: true }).inputValue();
      expect(seed).toMatch(/^\d+$/);
      await screenshotBothModes(page, "image-creator");
      await expectNoAxeViolations(page);

      // The thumbnail is a real WebP, served to the signed-in member only.
      const thumbnail = await page.request.get(`/media/${imageId}/thumbnail`);
      expect(thumbnail.status()).toBe(200);
      expect(thumbnail.headers()["content-type"]).toBe("image/webp");

      // "Reuse settings" fills the creator with the item's prompt, and keeps its seed.
      await page.goto(`${prefix}/image/creator?from=${imageId}`);
      await expect(page.getByLabel(l.prompt)).toHaveValue(prompt);
      await expect(page.getByLabel(l.seed, { exact: true })).toHaveValue(seed);
      await expect(page.getByLabel(l.lockSeed)).toBeChecked();

      // A video from the image: the slideshow, narrated by the offline voice.
      await page.goto(`${prefix}/video/creator?image=${imageId}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(l.videoTitle);
      await expect(page.getByText(l.slideshow)).toBeVisible();
      await expect(page.locator(`input[name="imageIds"][value="${imageId}"]`)).toBeChecked();
      await page.getByLabel(l.prompt, { exact: true }).fill(prompt);
      // The picker searches the library; the chosen start image stays chosen meanwhile, and
      // what was typed stays in the form.
      await page.getByRole("searchbox", { name: l.imageSearch }).fill("zzzz-nothing");
      await page.getByRole("button", { name: l.imageSearchButton, exact: true }).click();
      await expect(page.getByText(l.noImageMatch)).toBeVisible();
      await expect(page.locator(`input[name="imageIds"][value="${imageId}"]`)).toBeChecked();
      await expect(page.getByLabel(l.prompt, { exact: true })).toHaveValue(prompt);
      await page
        .getByRole("textbox", { name: l.narration })
        .fill(arabic ? "مرحبًا بكم عند المنارة." : "Welcome to the lighthouse.");
      await page.getByRole("button", { name: l.generateVideo }).click();
      // The new job shows under the form, where Generate was pressed, and in the list.
      const started = page.getByRole("region", { name: l.justStarted });
      await expect(started.getByText(l.done)).toBeVisible({ timeout: 90_000 });
      await expect(started.locator("video")).toBeInViewport();
      const video = latest(page, l.latest).getByRole("listitem").first();
      await expect(video.getByText(l.done)).toBeVisible({ timeout: 90_000 });
      const videoId = idIn(await video.getByRole("link").first().getAttribute("href"));
      const content = await page.request.get(`/media/${videoId}/content`, {
        headers: { Range: "bytes=0-99" },
      });
      expect(content.status()).toBe(206);
      expect(content.headers()["content-type"]).toBe("video/mp4");
      expect((await content.body()).subarray(4, 8).toString("latin1")).toBe("ftyp");
      await screenshotBothModes(page, "video-creator");
      await expectNoAxeViolations(page);
    });

    test("says why a generation failed, retries it, and cancels one while it runs", async ({
      page,
    }) => {
      const account = await signIn(page);
      // The provider refuses the prompt: the job fails with the provider's reason, translated.
      await setUpImages(page, account, "refusing");
      await page.goto(`${prefix}/image/creator`);
      await page.getByLabel(l.prompt).fill(prompt);
      await page.getByRole("button", { name: l.generate, exact: true }).click();
      const jobs = latest(page, l.latest).getByRole("listitem");
      await expect(jobs.first().getByText(l.failed, { exact: true })).toBeVisible();
      await expect(jobs.first()).toContainText(l.refused);
      await jobs
        .first()
        .getByRole("button", { name: l.retry(prompt) })
        .click();
      await expect(jobs).toHaveCount(2);
      await expect(jobs.first().getByText(l.failed, { exact: true })).toBeVisible();

      // Another model of the provider, a slow one: the job is stopped while it runs. The
      // disclosure shows the app's chevron, not the browser's marker, turned when open.
      const advanced = page.locator("summary", { hasText: l.advanced });
      await expect(advanced).toHaveCSS("list-style-type", "none");
      const chevron = advanced.locator('svg[data-icon="chevron-down"]');
      await expect(chevron).toHaveCSS("rotate", "none");
      await advanced.click();
      await expect(chevron).toHaveCSS("rotate", "180deg");
      await screenshotBothModes(page, "image-creator-advanced");
      await page.getByLabel(l.model, { exact: true }).fill("slow-90s-image");
      await page.getByRole("button", { name: l.generate, exact: true }).click();
      await expect(jobs).toHaveCount(3);
      await jobs
        .first()
        .getByRole("button", { name: l.cancel(prompt) })
        .click();
      await expect(jobs.first().getByText(l.cancelled, { exact: true })).toBeVisible();
      await expect(jobs.first().getByRole("button", { name: l.retry(prompt) })).toBeVisible();
    });

    test("saves a recipe, runs it with one click, and sees the video made from its image", async ({
      page,
    }) => {
      const account = await signIn(page);
      await setUpImages(page, account);
      await page.goto(`${prefix}/video/creator`);
      const recipes = page.getByRole("region", { name: l.recipes });
      await expect(recipes.getByText(l.noRecipes)).toBeVisible();

      const name = arabic ? "منارة الغروب" : "Lighthouse at dusk";
      await recipes.getByLabel(l.recipeName).fill(name);
      await recipes.getByLabel(l.recipePrompt).fill(prompt);
      await recipes
        .getByRole("textbox", { name: l.recipeNarration })
        .fill(arabic ? "مرحبًا بكم عند المنارة." : "Welcome to the lighthouse.");
      await recipes.getByRole("button", { name: l.saveRecipe }).click();
      await expect(recipes.getByText(l.recipeSaved)).toBeVisible();
      await expect(recipes.getByLabel(l.recipeName)).toHaveValue("");

      // Changed in the same form, which takes the focus and shows the recipe as it is.
      const draft = arabic ? "منارة" : "Lighthouse";
      await recipes.getByLabel(l.recipeName).fill(draft);
      await recipes.getByLabel(l.recipePrompt).fill(prompt);
      await recipes.getByRole("button", { name: l.saveRecipe }).click();
      await expect(recipes.getByText(l.recipeSaved)).toBeVisible();
      await recipes.getByRole("link", { name: l.editRecipe(draft) }).click();
      await expect(recipes.getByLabel(l.recipeName)).toBeFocused();
      await expect(recipes.getByLabel(l.recipeName)).toHaveValue(draft);
      await expect(recipes.getByLabel(l.recipePrompt)).toHaveValue(prompt);
      await screenshotBothModes(page, "video-creator-recipe-edit");
      await expectNoAxeViolations(page);
      await recipes.getByLabel(l.recipeName).fill(`${draft} 2`);
      await recipes.getByRole("button", { name: l.saveChanges }).click();
      await expect(recipes.getByText(l.recipeChanged)).toBeVisible();
      await expect(recipes.getByRole("button", { name: l.runRecipe(`${draft} 2`) })).toBeVisible();
      await expect(recipes.getByLabel(l.recipeName)).toHaveValue(`${draft} 2`);
      await recipes.getByRole("link", { name: l.stopEditing }).click();
      await expect(recipes.getByRole("heading", { name: l.saveRecipeTitle })).toBeVisible();
      // Deleted after a question, then brought back with Undo, then deleted for good.
      await recipes.getByRole("button", { name: l.deleteRecipe(`${draft} 2`) }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: l.delete }).click();
      await expect(recipes.getByRole("button", { name: l.runRecipe(`${draft} 2`) })).toHaveCount(0);
      await expect(recipes.getByRole("status")).toContainText(l.recipeDeleted);
      await screenshotBothModes(page, "video-creator-recipe-deleted");
      await recipes.getByRole("button", { name: l.undo, exact: true }).click();
      await expect(recipes.getByRole("status")).toContainText(l.recipeRestored);
      await expect(recipes.getByRole("button", { name: l.runRecipe(`${draft} 2`) })).toBeVisible();
      await recipes.getByRole("button", { name: l.deleteRecipe(`${draft} 2`) }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: l.delete }).click();
      await expect(recipes.getByRole("button", { name: l.runRecipe(`${draft} 2`) })).toHaveCount(0);

      // One click: the image, then the narrated video that starts from it, as one job.
      await recipes.getByRole("button", { name: l.runRecipe(name) }).click();
      const job = latest(page, l.latest).getByRole("listitem").first();
      await expect(job).toContainText(name);
      await expect(job.getByText(l.done)).toBeVisible({ timeout: 90_000 });
      await expect(job.getByRole("img", { name: l.startImage(name) })).toBeVisible();
      const player = job.locator("video");
      await expect(player).toHaveCount(1);
      const videoId = idIn(await player.getAttribute("src"));
      const content = await page.request.get(`/media/${videoId}/content`, {
        headers: { Range: "bytes=0-99" },
      });
      expect(content.headers()["content-type"]).toBe("video/mp4");
      await screenshotBothModes(page, "video-creator-recipes");
      await expectNoAxeViolations(page);

      // Deleting asks first.
      await recipes.getByRole("button", { name: l.deleteRecipe(name) }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: l.delete }).click();
      await expect(recipes.getByText(l.noRecipes)).toBeVisible();
    });

    test("pages and searches the recipes, and opens one beyond the first page to change", async ({
      page,
    }) => {
      const account = await signIn(page);
      await setUpImages(page, account);
      const token = await apiToken(page.request, account);
      const names = Array.from({ length: 11 }, (_, i) =>
        arabic ? `وصفة رقم ${i + 1}` : `Recipe number ${i + 1}`,
      );
      for (const name of names) {
        const made = await page.request.post("/api/v1/recipes", {
          headers: { Authorization: `Bearer ${token}` },
          data: { name, steps: { image: { prompt }, video: { duration: 5 } } },
        });
        expect(made.status(), await made.text()).toBe(201);
      }
      const first = (await made(page, token, names[0] as string)) as string;

      await page.goto(`${prefix}/video/creator`);
      const recipes = page.getByRole("region", { name: l.recipes });
      // Newest first, ten a page: the first one made is on the second page.
      await expect(
        recipes.getByRole("button", { name: l.runRecipe(names[10] as string) }),
      ).toBeVisible();
      await expect(
        recipes.getByRole("button", { name: l.runRecipe(names[0] as string) }),
      ).toHaveCount(0);
      const pages = recipes.getByRole("navigation", { name: l.recipePages });
      await pages.getByRole("link", { name: l.next }).click();
      await expect(
        recipes.getByRole("button", { name: l.runRecipe(names[0] as string) }),
      ).toBeVisible();
      await expect(page).toHaveURL(/recipePage=2/);

      // Found by its name, whatever page it is on.
      await recipes.getByRole("searchbox", { name: l.searchRecipes }).fill(names[4] as string);
      await recipes.getByRole("button", { name: l.searchRecipesButton, exact: true }).click();
      await expect(page).toHaveURL(
        (url) =>
          url.searchParams.get("recipeSearch") === names[4] && url.hash === "#creator-recipes",
      );
      await expect(recipes.getByRole("listitem")).toHaveCount(1);
      await expect(
        recipes.getByRole("button", { name: l.runRecipe(names[4] as string) }),
      ).toBeVisible();
      await expectNoAxeViolations(page);
      await screenshotBothModes(page, "video-creator-recipe-search");
      await recipes.getByRole("searchbox", { name: l.searchRecipes }).fill("zzz");
      await recipes.getByRole("button", { name: l.searchRecipesButton, exact: true }).click();
      await expect(recipes.getByText(l.noRecipeMatch("zzz"))).toBeVisible();
      await recipes.getByRole("link", { name: l.showEveryRecipe }).click();
      await expect(recipes.getByRole("listitem")).toHaveCount(10);

      // A recipe's own address opens it in the form, though it is not on this page.
      await page.goto(`${prefix}/video/creator?recipe=${first}`);
      await expect(recipes.getByLabel(l.recipeName)).toHaveValue(names[0] as string);
      await expect(recipes.getByRole("button", { name: l.saveChanges })).toBeVisible();
    });

    test("reads a thread's answer and typed text aloud with the offline voice", async ({
      page,
    }) => {
      const account = await signIn(page);
      // A thread's answer goes to the audio creator as its text.
      const headers = { Authorization: `Bearer ${await apiToken(page.request, account)}` };
      const thread = await (
        await page.request.post("/api/v1/threads", { headers, data: { title: "Voice" } })
      ).json();
      const asked = await page.request.post(`/api/v1/threads/${thread.id}/messages`, {
        headers,
        data: { content: "Say hello." },
      });
      expect(asked.status()).toBe(200);
      await asked.body();
      await page.goto(`${prefix}/threads/${thread.id}`);
      const answer = page.getByRole("article").last();
      await answer.getByRole("link", { name: l.sendToAudio }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(l.audioTitle);
      await expect(page.getByLabel(l.text, { exact: true })).not.toHaveValue("");

      await expect(page.getByText(l.offlineVoice)).toBeVisible();
      await page
        .getByLabel(l.text, { exact: true })
        .fill(
          arabic ? "أهلًا بكم في قلم. هذا اختبار للصوت." : "Welcome to Qalam. This is a voice test.",
        );
      await page.getByRole("button", { name: l.generateAudio }).click();
      const job = latest(page, l.latest).getByRole("listitem").first();
      await expect(job.getByText(l.done)).toBeVisible({ timeout: 60_000 });
      const source = await job.locator("audio").getAttribute("src");
      const audio = await page.request.get(source ?? "");
      expect(audio.status()).toBe(200);
      expect(audio.headers()["content-type"]).toBe("audio/mpeg");
      await screenshotBothModes(page, "audio-creator");
      await expectNoAxeViolations(page);
    });
  });
}

test.describe("creators without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the image creator's form posts, and the page shows the job", async ({ page }) => {
    const [, l] = creatorLabels[0];
    await setUpImages(page, await signIn(page));
    await page.goto("/image/creator");
    await page.getByLabel(l.prompt).fill("A paper boat on a pond");
    await page.getByRole("button", { name: l.generate, exact: true }).click();
    await expect(page.getByLabel(l.prompt)).toHaveValue("A paper boat on a pond");
    const job = latest(page, l.latest).getByRole("listitem").first();
    await expect(job).toContainText("A paper boat on a pond");
    // The video creator refuses a video with neither a prompt nor an image.
    await page.goto("/video/creator");
    await page.getByRole("button", { name: l.generateVideo }).click();
    await expect(page.getByText(l.promptOrImage)).toBeVisible();
  });
  test("a recipe saves, runs, and asks before it is deleted", async ({ page }) => {
    const [, l] = creatorLabels[0];
    await setUpImages(page, await signIn(page));
    await page.goto("/video/creator");
    const recipes = page.getByRole("region", { name: l.recipes });
    await recipes.getByLabel(l.recipeName).fill("Paper boat");
    await recipes.getByLabel(l.recipePrompt).fill("A paper boat on a pond");
    await recipes.getByRole("button", { name: l.saveRecipe }).click();
    await expect(recipes.getByText(l.recipeSaved)).toBeVisible();
    await recipes.getByRole("button", { name: l.runRecipe("Paper boat") }).click();
    await expect(latest(page, l.latest).getByRole("listitem").first()).toContainText("Paper boat");
    // Changed through the same form, reached by a link.
    await recipes.getByRole("link", { name: l.editRecipe("Paper boat") }).click();
    await expect(recipes.getByLabel(l.recipeName)).toHaveValue("Paper boat");
    await recipes.getByLabel(l.recipeName).fill("Paper boats");
    await recipes.getByRole("button", { name: l.saveChanges }).click();
    await expect(recipes.getByText(l.recipeChanged)).toBeVisible();
    await expect(recipes.getByRole("button", { name: l.runRecipe("Paper boats") })).toBeVisible();
    await recipes.getByRole("button", { name: l.deleteRecipe("Paper boats") }).click();
    await recipes.getByRole("alertdialog").getByRole("button", { name: l.delete }).click();
    await expect(recipes.getByText(l.noRecipes)).toBeVisible();
    await expect(recipes.getByText(l.recipeDeleted)).toBeVisible();
    await recipes.getByRole("button", { name: l.undo, exact: true }).click();
    await expect(recipes.getByText(l.recipeRestored)).toBeVisible();
    await expect(recipes.getByRole("button", { name: l.runRecipe("Paper boats") })).toBeVisible();
  });
});
