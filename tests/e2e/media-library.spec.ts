import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { unzipSync } from "fflate";
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
import { mediaLabels } from "./support/labels";

const kinds = ["image", "audio", "video"] as const;

const filtersOf = (page: Page, name: string | RegExp) => page.getByRole("search", { name });

type Auth = { headers: Record<string, string>; organizationId: string };

/** The account's bearer token and organization, to make what a test needs over the API. */
async function apiAuth(page: Page, account: Account): Promise<Auth> {
  const headers = { Authorization: `Bearer ${await apiToken(page.request, account)}` };
  const me = await (await page.request.get("/api/v1/user", { headers })).json();
  return { headers, organizationId: me.account.currentOrganizationId };
}

/** Makes items as a creator does (POST /generations) and waits for its job: their ids. */
async function generate(page: Page, auth: Auth, body: Record<string, unknown>) {
  const response = await page.request.post("/api/v1/generations", {
    headers: auth.headers,
    data: body,
  });
  expect(response.status(), await response.text()).toBe(202);
  const { job } = await response.json();
  let finished: { status: string; result?: { mediaIds: string[] } } = job;
  await expect
    .poll(
      async () => {
        const read = await page.request.get(`/api/v1/jobs/${job.id}`, { headers: auth.headers });
        finished = await read.json();
        return finished.status;
      },
      { timeout: 90_000 },
    )
    .toBe("succeeded");
  return finished.result?.mediaIds ?? [];
}

/** The organization's own image model: the fake provider of the tests. */
async function useFakeImageModel(page: Page, auth: Auth) {
  const response = await page.request.put(`/api/v1/organizations/${auth.organizationId}/ai/image`, {
    headers: auth.headers,
    data: {
      provider: "openai-compatible",
      baseUrl: FAKE_AI_URL,
      model: "e2e-image",
      apiKey: FAKE_AI_KEY,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

for (const [prefix, l] of mediaLabels) {
  const search = "صحراء";

  test.describe(`media libraries ${prefix || "(en)"}`, () => {
    test("each library starts empty with a way to its creator, and its filters live in the address", async ({
      page,
    }) => {
      await signIn(page);
      for (const kind of kinds) {
        await page.goto(`${prefix}/${kind}`);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(l[`${kind}Title`]);
        const empty = page.getByRole("region", { name: l[`${kind}Empty`] });
        await expect(empty).toBeVisible();
        await expect(empty.getByRole("link", { name: l[`${kind}Creator`] })).toHaveAttribute(
          "href",
          `${prefix}/${kind}/creator`,
        );
        if (kind === "image") await screenshotBothModes(page, "media-image-empty");
        await expectNoAxeViolations(page);
      }

      // A search (in Arabic, whatever the page's language) and favourites, from the form.
      await page.goto(`${prefix}/image`);
      const filters = filtersOf(page, l.filters);
      await filters.getByLabel(l.search).fill(search);
      await filters.getByLabel(l.favourites).check();
      await filters.getByRole("button", { name: l.apply }).click();
      await expect(page).toHaveURL(
        (url) =>
          url.pathname === `${prefix}/image` &&
          url.searchParams.get("q") === search &&
          url.searchParams.get("favourite") === "1",
      );
      const none = page.getByRole("region", { name: l.noMatch });
      await expect(none).toContainText(l.noMatchSearch(search));
      await expect(filters.getByLabel(l.search)).toHaveValue(search);
      await expect(filters.getByLabel(l.favourites)).toBeChecked();
      await screenshotBothModes(page, "media-image-no-match");
      await expectNoAxeViolations(page);

      // The address alone is the filter: shared, it opens the same list.
      await page.reload();
      await expect(page.getByRole("region", { name: l.noMatch })).toBeVisible();
      await none.getByRole("link", { name: l.clear }).click();
      await expect(page).toHaveURL((url) => url.pathname === `${prefix}/image` && !url.search);
      await expect(page.getByRole("region", { name: l.imageEmpty })).toBeVisible();
    });
  });

  test.describe(`media libraries with items ${prefix || "(en)"}`, () => {
    const arabic = prefix === "/ar";
    const lighthouse = arabic ? "منارة العاصفة" : "Storm lighthouse";
    const renamed = arabic ? "منارة الفجر" : "Lighthouse at dawn";
    const project = arabic ? "حملة الساحل" : "Coast campaign";

    test("finds, opens, organises, deletes and restores the images the creator made", async ({
      page,
    }) => {
      const account = await signIn(page);
      const auth = await apiAuth(page, account);
      await useFakeImageModel(page, auth);
      const made = await page.request.post("/api/v1/projects", {
        headers: auth.headers,
        data: { name: project },
      });
      expect(made.status()).toBe(201);
      const projectId = (await made.json()).id as string;
      const [first, second] = await generate(page, auth, {
        kind: "image",
        prompt: "A lighthouse on a stormy coast at night",
        count: 2,
        title: lighthouse,
      });
      const caravan = "قافلة جمال في الصحراء عند الغروب";
      await generate(page, auth, { kind: "image", prompt: caravan, size: "1024x1024" });

      await page.goto(`${prefix}/image`);
      const list = page.getByRole("region", { name: l.imageList, exact: true });
      await expect(list.getByRole("listitem")).toHaveCount(3);
      // An item made without a title is named by its prompt, which shows on hover.
      const caravanLink = list.getByRole("link", { name: caravan });
      await expect(caravanLink).toBeVisible();
      await caravanLink.hover();
      await expect(caravanLink.getByText(caravan)).toBeVisible();
      await screenshotBothModes(page, "media-image-grid");
      await expectNoAxeViolations(page);

      // Its settings in the reader's words; the size asked for is not repeated beside the
      // image's own dimensions when they are the same.
      await caravanLink.click();
      const caravanDialog = page.getByRole("dialog", { name: caravan });
      const settings = caravanDialog.getByRole("region", { name: l.settings });
      await expect(settings).toContainText("1024×1024");
      await expect(settings).not.toContainText(l.requestedSize);
      await expect(settings).not.toContainText(/\b(kind|seed|size|count|prompt)\b/);
      // The prompt shows once, in its own section, not again among the settings.
      await expect(settings).not.toContainText(caravan);
      await settings.scrollIntoViewIfNeeded();
      await screenshotBothModes(page, "media-image-settings");
      await page.keyboard.press("Escape");

      // A tile's star marks it a favourite without opening it.
      await list.getByRole("button", { name: l.tileFavourite(caravan) }).click();
      await expect(list.getByRole("button", { name: l.tileUnfavourite(caravan) })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await list.getByRole("button", { name: l.tileUnfavourite(caravan) }).click();
      await expect(list.getByRole("button", { name: l.tileFavourite(caravan) })).toBeVisible();

      // A prompt search in Arabic, whatever the page's language.
      const filters = filtersOf(page, l.filters);
      await filters.getByLabel(l.search).fill("الصحراء");
      await filters.getByRole("button", { name: l.apply }).click();
      await expect(list.getByRole("listitem")).toHaveCount(1);
      await expect(list.getByRole("link", { name: lighthouse })).toHaveCount(0);
      await page.goto(`${prefix}/image`);

      // The dialog: the image, its prompt and settings, its variant, its job, its links.
      await list.getByRole("link", { name: lighthouse }).first().click();
      const dialog = page.getByRole("dialog", { name: lighthouse });
      await expect(dialog).toBeVisible();
      const id = new URL(page.url()).searchParams.get("id") ?? "";
      expect([first, second]).toContain(id);
      const other = id === first ? second : first;
      await expect(dialog).toContainText("A lighthouse on a stormy coast at night");
      await expect(
        dialog.getByRole("region", { name: l.variants }).getByRole("link"),
      ).toHaveAttribute("href", new RegExp(`[?&]id=${other}`));
      await expect(dialog.getByRole("region", { name: l.jobLog })).toContainText(l.succeeded);
      await expect(dialog.getByRole("link", { name: l.reuse })).toHaveAttribute(
        "href",
        `${prefix}/image/creator?from=${id}`,
      );
      await expect(dialog.getByRole("link", { name: l.download, exact: true })).toHaveAttribute(
        "href",
        `/media/${id}/content?download=1`,
      );
      await screenshotBothModes(page, "media-image-detail");
      await expectNoAxeViolations(page);

      // Favourite, renamed, moved to a project: the filters find it there.
      await dialog.getByRole("button", { name: l.addFavourite }).click();
      await expect(dialog.getByRole("button", { name: l.removeFavourite })).toBeVisible();
      await dialog.getByLabel(l.titleField, { exact: true }).fill(renamed);
      await dialog.getByRole("button", { name: l.rename }).click();
      const renamedDialog = page.getByRole("dialog", { name: renamed });
      await expect(renamedDialog).toBeVisible();
      await renamedDialog.getByLabel(l.project, { exact: true }).selectOption({ label: project });
      await renamedDialog.getByRole("button", { name: l.move, exact: true }).click();
      // The dialog names the project once the server has moved the item.
      await expect(renamedDialog.getByText(l.inProject(project), { exact: true })).toBeVisible();
      await expect(renamedDialog.getByLabel(l.project, { exact: true })).toHaveValue(projectId);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page).toHaveURL((url) => !url.searchParams.has("id"));
      await page.goto(`${prefix}/image?favourite=1&projectId=${projectId}`);
      await expect(list.getByRole("listitem")).toHaveCount(1);
      await expect(list.getByRole("link", { name: renamed })).toBeVisible();

      // Deleted after a question, then undone.
      await list.getByRole("link", { name: renamed }).click();
      await renamedDialog.getByRole("button", { name: l.deleteOpen }).click();
      await page
        .getByRole("alertdialog")
        .getByRole("button", { name: l.deleteConfirm, exact: true })
        .click();
      await expect(page.getByRole("status").filter({ hasText: l.deleted(renamed) })).toBeVisible();
      await expect(page.getByRole("region", { name: l.noMatch })).toBeVisible();
      await page.getByRole("button", { name: l.undo }).click();
      await expect(page.getByRole("dialog", { name: renamed })).toBeVisible();
      await page.goto(`${prefix}/image`);
      await expect(list.getByRole("listitem")).toHaveCount(3);

      // Two chosen for "Download selected": the zip form posts their ids.
      await list.getByRole("checkbox", { name: l.select(renamed) }).check();
      await list.getByRole("checkbox", { name: l.select(lighthouse) }).check();
      await expect(page.getByText(l.twoSelected)).toBeVisible();
      const zip = page.locator("form#media-zip-form");
      await expect(zip).toHaveAttribute("action", "/media/zip");
      await expect(zip.locator('input[name="id"]')).toHaveCount(2);
      const download = page.waitForEvent("download");
      await page.getByRole("button", { name: l.downloadSelected }).click();
      const zipped = unzipSync(new Uint8Array(readFileSync(await (await download).path())));
      expect(Object.keys(zipped)).toHaveLength(2);

      // Live: what a creator makes now comes in without a reload.
      await generate(page, auth, { kind: "image", prompt: "A harbour in the fog" });
      await expect(list.getByRole("listitem")).toHaveCount(4, { timeout: 30_000 });
    });

    test("lists the audio with its length and a player", async ({ page }) => {
      const account = await signIn(page);
      const auth = await apiAuth(page, account);
      const title = arabic ? "ترحيب المتحف" : "Museum welcome";
      const [id] = await generate(page, auth, {
        kind: "speech",
        text: "Welcome to the museum.",
        voice: "en",
        format: "wav",
        title,
      });
      await page.goto(`${prefix}/audio`);
      const list = page.getByRole("region", { name: l.audioList, exact: true });
      const row = list.getByRole("listitem");
      await expect(row).toHaveCount(1);
      await expect(row.getByRole("link", { name: title })).toBeVisible();
      await expect(row).toContainText("Welcome to the museum.");
      await expect(row).toContainText(/\d:\d\d/);
      await expect(row.getByLabel(l.play(title))).toHaveAttribute("src", `/media/${id}/content`);
      await expectNoAxeViolations(page);
    });
    test("shows the slideshow made from an image, with its poster and length", async ({ page }) => {
      const account = await signIn(page);
      const auth = await apiAuth(page, account);
      await useFakeImageModel(page, auth);
      const [still] = await generate(page, auth, { kind: "image", prompt: "A quiet harbour" });
      const title = arabic ? "جولة الميناء" : "Harbour tour";
      const [id] = await generate(page, auth, {
        kind: "video",
        prompt: "The harbour at dusk.",
        startImageId: still,
        duration: 5,
        title,
      });
      await page.goto(`${prefix}/video`);
      const list = page.getByRole("region", { name: l.videoList, exact: true });
      const card = list.getByRole("listitem");
      await expect(card).toHaveCount(1);
      await expect(card.getByRole("img", { name: title })).toHaveAttribute(
        "src",
        `/media/${id}/thumbnail`,
      );
      await expect(card).toContainText("0:05");
      await card.getByRole("link", { name: title }).click();
      const dialog = page.getByRole("dialog", { name: title });
      await expect(dialog.getByLabel(l.player)).toHaveAttribute("src", `/media/${id}/content`);
      await expectNoAxeViolations(page);
    });
  });

  test.describe(`media libraries without JavaScript ${prefix || "(en)"}`, () => {
    test.use({ javaScriptEnabled: false });

    test("filters by days, model, member, project and client with a plain form", async ({
      page,
    }) => {
      const account = await signIn(page);
      await page.goto(`${prefix}/video`);
      const filters = filtersOf(page, l.filters);
      await filters.getByLabel(l.from).fill("2026-03-01");
      await filters.getByLabel(l.to).fill("2026-03-31");
      await filters.getByLabel(l.model, { exact: true }).fill("ffmpeg-slideshow");
      await filters
        .getByLabel(l.member)
        .selectOption({ label: `${account.firstName} ${account.lastName}` });
      await filters.getByRole("button", { name: l.apply }).click();
      await expect(page).toHaveURL((url) => {
        const query = url.searchParams;
        return (
          url.pathname === `${prefix}/video` &&
          query.get("from") === "2026-03-01" &&
          query.get("to") === "2026-03-31" &&
          query.get("model") === "ffmpeg-slideshow" &&
          /^[0-9a-f-]{36}$/.test(query.get("authorId") ?? "") &&
          query.get("q") === "" &&
          query.get("projectId") === "" &&
          query.get("clientId") === ""
        );
      });
      const none = page.getByRole("region", { name: l.noMatch });
      await expect(none).toContainText(l.noMatchFilters);
      await expect(filters.getByLabel(l.from)).toHaveValue("2026-03-01");
      await expect(filters.getByLabel(l.to)).toHaveValue("2026-03-31");
      await expect(filters.getByLabel(l.model, { exact: true })).toHaveValue("ffmpeg-slideshow");

      // A date that is not one is left out rather than refused.
      await page.goto(`${prefix}/audio?from=yesterday&q=`);
      await expect(page.getByRole("region", { name: l.audioEmpty })).toBeVisible();
      await expect(filtersOf(page, l.filters).getByLabel(l.from)).toHaveValue("");
    });
  });
}
