import { readFileSync } from "node:fs";
import type { Download, Page } from "@playwright/test";
import metaPng from "meta-png";
import sharp from "sharp";
import {
  apiToken,
  expect,
  expectNoAxeViolations,
  screenshotBothModes,
  signIn,
  test,
} from "./fixtures";
import { characterLabels } from "./support/labels";

// A UMD bundle: its functions are on the default export.
const { addMetadata, getMetadata } = metaPng;

const notice = (page: Page) => page.getByRole("status").first();

/** A square picture of one colour, as a PNG. */
const picture = (background: string) =>
  sharp({ create: { width: 96, height: 96, channels: 3, background } })
    .png()
    .toBuffer();

/** A Character Card V2 with the fields given. */
const card = (data: Record<string, unknown>) => ({
  spec: "chara_card_v2",
  spec_version: "2.0",
  data: {
    description: "",
    personality: "",
    scenario: "",
    first_mes: "",
    mes_example: "",
    creator_notes: "",
    system_prompt: "",
    post_history_instructions: "",
    alternate_greetings: [],
    tags: [],
    creator: "",
    character_version: "",
    extensions: {},
    ...data,
  },
});

/** A PNG that carries a card in its `chara` chunk, as character apps write them. */
async function pngCard(value: unknown, background = "#7c3aed") {
  const encoded = Buffer.from(JSON.stringify(value), "utf8").toString("base64");
  return Buffer.from(addMetadata(new Uint8Array(await picture(background)), "chara", encoded));
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<Buffer> {
  const download: Promise<Download> = page.waitForEvent("download");
  await click();
  return readFileSync(await (await download).path());
}

for (const [prefix, l] of characterLabels) {
  const arabic = prefix === "/ar";
  const name = arabic ? "مرشدة المتحف" : "Museum Guide";
  const tag = arabic ? "تاريخ" : "history";
  const description = arabic
    ? "مرشدة في متحف التاريخ الطبيعي، تحب الأسئلة الصعبة."
    : "A guide at the natural history museum who loves hard questions.";

  test.describe(`characters ${prefix || "(en)"}`, () => {
    test("creates, edits, finds, exports, imports, clones, deletes and chats with characters", async ({
      page,
    }) => {
      const account = await signIn(page);
      await page.goto(`${prefix}/characters`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(l.title);
      const empty = page.getByRole("region", { name: l.emptyTitle });
      await expect(empty).toBeVisible();
      await screenshotBothModes(page, "characters-empty");
      await expectNoAxeViolations(page);

      // The create form opens as a dialog; a name is required.
      await empty.getByRole("link", { name: l.createFirst }).click();
      await expect(page).toHaveURL(/[?&]new=1/);
      const dialog = page.getByRole("dialog", { name: l.newTitle });
      await expect(dialog.getByLabel(l.name, { exact: true })).toBeFocused();
      await dialog.getByRole("button", { name: l.create }).click();
      await expect(dialog.getByText(l.required)).toBeVisible();

      await dialog.getByLabel(l.name, { exact: true }).fill(name);
      await dialog.getByLabel(l.description, { exact: true }).fill(description);
      await dialog.getByLabel(l.tags, { exact: true }).fill(`${tag}, museum`);
      await dialog.getByLabel(l.firstMessage).fill(arabic ? "أهلًا بك في المتحف!" : "Welcome!");
      await dialog.getByRole("button", { name: l.addGreeting }).click();
      await dialog
        .getByLabel(l.greeting("1"), { exact: true })
        .fill(arabic ? "مساء الخير." : "Good evening.");
      await dialog.getByRole("button", { name: l.addEntry }).click();
      await dialog.getByLabel(l.entryKeys("1")).fill("sword, relic");
      await dialog.getByLabel(l.entryContent("1")).fill("The sword was found in 1921.");
      await expect(dialog.getByLabel(l.entryEnabled("1"))).toBeChecked();
      await dialog.getByLabel(l.avatar, { exact: true }).setInputFiles({
        name: "avatar.png",
        mimeType: "image/png",
        buffer: await picture("#0ea5e9"),
      });
      await expect(dialog.getByRole("img", { name: l.avatarPreview })).toHaveAttribute(
        "src",
        /^blob:/,
      );
      await screenshotBothModes(page, "character-new");
      await expectNoAxeViolations(page);
      await dialog.getByRole("button", { name: l.create }).click();
      await expect(notice(page)).toHaveText(l.created);
      const grid = page.getByRole("region", { name: l.list });
      const article = grid.getByRole("article", { name });
      await expect(article.locator("img")).toHaveAttribute(
        "src",
        /^\/api\/v1\/files\/avatars\/[0-9a-f-]{36}\.webp$/,
      );

      // Edited in its panel; the lorebook entry is still there. A change made elsewhere
      // meanwhile is not overwritten: the panel says so, and keeps what was typed.
      await article.getByRole("link", { name: l.edit(name) }).click();
      const panel = page.getByRole("dialog", { name });
      await expect(panel.getByLabel(l.entryKeys("1"))).toHaveValue("sword, relic");
      const id = new URL(page.url()).searchParams.get("id");
      const headers = { Authorization: `Bearer ${await apiToken(page.request, account)}` };
      // Every field goes with the change: the API resets those left out.
      const current = await (
        await page.request.get(`/api/v1/characters/${id}`, { headers })
      ).json();
      const changed = await page.request.patch(`/api/v1/characters/${id}`, {
        headers,
        data: { ...current, personality: "Curious." },
      });
      expect(changed.status()).toBe(200);
      await panel.getByLabel(l.tags, { exact: true }).fill(`${tag}, museum, guide`);
      await panel.getByRole("button", { name: l.save }).click();
      await expect(panel.getByRole("alert").filter({ hasText: l.staleTitle })).toBeVisible();
      await expect(panel.getByLabel(l.tags, { exact: true })).toHaveValue(`${tag}, museum, guide`);
      await panel.getByRole("link", { name: l.staleReload }).click();
      await expect(panel.getByLabel(l.personality)).toHaveValue("Curious.");
      await panel.getByLabel(l.tags, { exact: true }).fill(`${tag}, museum, guide`);
      await panel.getByRole("button", { name: l.save }).click();
      await expect(notice(page)).toHaveText(l.saved);
      await expect(article.getByRole("link", { name: l.filterByTag("guide") })).toBeVisible();

      // Cards made elsewhere come in from files: a PNG with Arabic text, and a JSON.
      const arabicCard = card({
        name: "الحكواتي",
        description: "{{char}} راوي قصص من دمشق القديمة.",
        tags: ["قصص", tag],
        first_mes: "كان يا ما كان…",
        character_book: {
          extensions: {},
          entries: [{ keys: ["دمشق"], content: "مدينة الياسمين.", extensions: {}, enabled: true }],
        },
      });
      const importCard = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
        await page.getByText(l.importOpen, { exact: true }).click();
        await page.getByLabel(l.importFile, { exact: true }).setInputFiles(file);
        await page.getByRole("button", { name: l.importSubmit }).click();
      };
      await importCard({
        name: "hakawati.png",
        mimeType: "image/png",
        buffer: await pngCard(arabicCard),
      });
      await expect(notice(page)).toHaveText(l.imported);
      await expect(page.getByRole("dialog", { name: "الحكواتي" })).toBeVisible();
      await page.getByRole("dialog").getByRole("link", { name: l.close }).click();
      await importCard({
        name: "pirate.json",
        mimeType: "application/json",
        buffer: Buffer.from(
          JSON.stringify(
            card({ name: "Captain Reed", tags: ["sea"], description: "{{char}} greets {{user}}." }),
          ),
        ),
      });
      await expect(notice(page)).toHaveText(l.imported);
      await page.getByRole("dialog").getByRole("link", { name: l.close }).click();
      // A picture without a card is refused, and says why.
      await importCard({ name: "plain.png", mimeType: "image/png", buffer: await picture("#fff") });
      await expect(page.getByText(l.noCard)).toBeVisible();
      await expect(grid.getByRole("article")).toHaveCount(3);
      // A card's description reads with the names filled in, not its placeholders.
      await expect(grid).toContainText("الحكواتي راوي قصص من دمشق القديمة.");
      await expect(grid).toContainText("Captain Reed greets Nadia.");
      await expect(grid).not.toContainText("{{char}}");
      await screenshotBothModes(page, "characters");
      await expectNoAxeViolations(page);

      // Found by a word of its description, and by a tag.
      await page.getByRole("searchbox", { name: l.search }).fill(arabic ? "المتحف" : "museum");
      await page.getByRole("button", { name: l.apply }).click();
      await expect(grid.getByRole("article")).toHaveCount(1);
      await expect(grid.locator("mark").first()).toBeVisible();
      await page.goto(`${prefix}/characters`);
      await grid
        .getByRole("article", { name: "الحكواتي" })
        .getByRole("link", { name: l.filterByTag(tag) })
        .click();
      await expect(page).toHaveURL(new RegExp(`tag=${encodeURIComponent(tag)}`));
      await expect(grid.getByRole("article")).toHaveCount(2);
      await expect(grid.getByRole("article", { name: "Captain Reed" })).toHaveCount(0);
      await page.getByRole("link", { name: l.removeTag(tag) }).click();
      await expect(grid.getByRole("article")).toHaveCount(3);

      // Exported as a card, JSON and PNG, with its lorebook; shared with the organization.
      await grid.getByRole("link", { name: l.edit(name) }).click();
      await expect(panel).toBeVisible();
      const json = JSON.parse(
        (
          await downloaded(page, () => panel.getByRole("link", { name: l.exportJson }).click())
        ).toString("utf8"),
      );
      expect(json.spec).toBe("chara_card_v2");
      expect(json.data.name).toBe(name);
      expect(json.data.tags).toEqual([tag, "museum", "guide"]);
      expect(json.data.character_book.entries[0].keys).toEqual(["sword", "relic"]);
      const png = await downloaded(page, () =>
        panel.getByRole("link", { name: l.exportPng }).click(),
      );
      const chara = getMetadata(new Uint8Array(png), "chara");
      expect(chara).toBeTruthy();
      expect(JSON.parse(Buffer.from(chara as string, "base64").toString("utf8")).data.name).toBe(
        name,
      );
      await screenshotBothModes(page, "character-edit");
      await expectNoAxeViolations(page);
      await panel.getByRole("button", { name: l.share }).click();
      await expect(notice(page)).toHaveText(l.shared);
      const sharedPanel = page.getByRole("dialog", { name });
      await expect(sharedPanel.getByLabel(l.visibility)).toHaveValue("organization");
      await expect(sharedPanel.getByLabel(l.description, { exact: true })).toHaveValue(description);
      await expect(sharedPanel.getByLabel(l.entryKeys("1"))).toHaveValue("sword, relic");

      // Cloned under another name: the copy opens, private.
      const copy = `${name} 2`;
      await page.getByRole("dialog", { name }).getByLabel(l.cloneName).fill(copy);
      await page.getByRole("dialog", { name }).getByRole("button", { name: l.clone }).click();
      await expect(notice(page)).toHaveText(l.cloned);
      const copyPanel = page.getByRole("dialog", { name: copy });
      await expect(copyPanel).toBeVisible();

      // Deleted after a question, then brought back.
      await copyPanel.getByRole("button", { name: l.deleteButton, exact: true }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: l.deleteConfirm }).click();
      await expect(page).toHaveURL(/[?&]deleted=/);
      await expect(grid.getByRole("article", { name: copy })).toHaveCount(0);
      await page.getByRole("button", { name: l.undo }).click();
      await expect(notice(page)).toHaveText(l.restored);
      await expect(grid.getByRole("article", { name: copy })).toBeVisible();

      // A chat with it opens a thread.
      await grid
        .getByRole("article", { name: "الحكواتي" })
        .getByRole("button", { name: l.chatWith("الحكواتي"), exact: true })
        .click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/threads/\\d+$`));
      // The character greets first, under its own name.
      await expect(
        page.getByRole("list", { name: l.conversation }).getByRole("article", { name: "الحكواتي" }),
      ).toBeVisible();
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a character is created, with a greeting added through the server", async ({ page }) => {
    const account = await signIn(page);
    await page.goto("/characters?new=1");
    const panel = page.getByRole("dialog", { name: "New character" });
    await panel.getByLabel("Name", { exact: true }).fill("Plain Poet");
    await panel.getByLabel("Description", { exact: true }).fill("Writes short poems.");
    await panel.getByRole("button", { name: "Add a greeting" }).click();
    await page.getByLabel("Greeting 1", { exact: true }).fill("A verse for you.");
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Plain Poet");
    await page.getByRole("button", { name: "Create character" }).click();
    await expect(notice(page)).toHaveText("The character is created.");
    await expect(page.getByRole("article", { name: "Plain Poet" })).toBeVisible();
    const headers = { Authorization: `Bearer ${await apiToken(page.request, account)}` };
    const list = await (await page.request.get("/api/v1/characters", { headers })).json();
    expect(list.items[0].alternateGreetings).toEqual(["A verse for you."]);
  });
});
