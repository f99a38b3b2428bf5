import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  bots,
  characters,
  clients,
  documents,
  leads,
  projects,
  recipes,
} from "../../../api/db/schema";
import { purgeDeleted, purgeQueue } from "../../../api/purge";
import { avatarUrlOf, saveAvatar } from "../../../api/storage/avatars";
import { createLocalStorage } from "../../../api/storage/local";
import { createTestApi, ownerWithSession, type TestApi } from "../helpers";
import { pngImage } from "../test-images";

let t: TestApi;
const filesDir = mkdtempSync(join(tmpdir(), "qalam-purge-"));
const storage = createLocalStorage(filesDir);

beforeAll(async () => {
  t = await createTestApi();
});

afterAll(async () => {
  await t.close();
  rmSync(filesDir, { recursive: true, force: true });
});

it("deletes for good what was deleted over 30 days ago, logo files too, and nothing else, every night", async () => {
  const owner = await ownerWithSession(t);
  const post = (path: string, json: Record<string, unknown>) =>
    t.request("POST", path, { token: owner.token, json });
  const old = await post("/clients", { name: "Old" });
  const recent = await post("/clients", { name: "Recent" });
  const kept = await post("/clients", { name: "Kept" });
  const oldProject = await post("/projects", { name: "Old project", clientId: kept.body.id });
  for (const id of [old.body.id, recent.body.id]) {
    await t.request("DELETE", `/clients/${id}`, { token: owner.token });
  }
  await t.request("DELETE", `/projects/${oldProject.body.id}`, { token: owner.token });
  const oldDocument = await post("/documents", { title: "Old document" });
  const recentDocument = await post("/documents", { title: "Recent document" });
  for (const id of [oldDocument.body.id, recentDocument.body.id]) {
    await t.request("DELETE", `/documents/${id}`, { token: owner.token });
  }
  await t.db
    .update(documents)
    .set({ deletedAt: sql`now() - interval '31 days'` })
    .where(eq(documents.id, oldDocument.body.id));
  await t.db
    .update(clients)
    .set({ deletedAt: sql`now() - interval '31 days'` })
    .where(eq(clients.id, old.body.id));
  const logos: Record<string, string> = {};
  for (const client of [old, recent, kept]) {
    const key = await saveAvatar(storage, await pngImage(32, 32), "logo");
    await t.db
      .update(clients)
      .set({ logoUrl: avatarUrlOf(key) })
      .where(eq(clients.id, client.body.id));
    logos[client.body.id] = key;
  }
  const stored = async (client: { body: { id: string } }) =>
    (await storage.get(logos[client.body.id] as string)) !== null;
  await t.db
    .update(projects)
    .set({ deletedAt: sql`now() - interval '40 days'` })
    .where(eq(projects.id, oldProject.body.id));
  const oldCharacter = await post("/characters", { name: "Old character" });
  const avatarKey = await saveAvatar(storage, await pngImage(32, 32));
  await t.db
    .update(characters)
    .set({ avatarUrl: avatarUrlOf(avatarKey), deletedAt: sql`now() - interval '31 days'` })
    .where(eq(characters.id, oldCharacter.body.id));
  await post("/characters", { name: "Kept character" });
  const recipeSteps = { image: { prompt: "A lighthouse" }, video: { duration: 5 } };
  const [oldRecipe, recentRecipe] = await t.db
    .insert(recipes)
    .values(
      ["Old recipe", "Recent recipe", "Kept recipe"].map((name) => ({
        organizationId: owner.organizationId,
        authorId: owner.id,
        name,
        steps: recipeSteps,
      })),
    )
    .returning({ id: recipes.id });
  await t.db
    .update(recipes)
    .set({ deletedAt: sql`now() - interval '31 days'` })
    .where(eq(recipes.id, oldRecipe?.id as string));
  await t.db
    .update(recipes)
    .set({ deletedAt: sql`now() - interval '29 days'` })
    .where(eq(recipes.id, recentRecipe?.id as string));

  const oldBot = await post("/bots", { name: "Old bot" });
  const recentBot = await post("/bots", { name: "Recent bot" });
  await post(`/bots/${oldBot.body.id}/cards`, { title: "Goes with its bot" });
  for (const bot of [oldBot, recentBot]) {
    await t.request("DELETE", `/bots/${bot.body.id}`, { token: owner.token });
  }
  await t.db
    .update(bots)
    .set({ deletedAt: sql`now() - interval '31 days'` })
    .where(eq(bots.id, oldBot.body.id));
  const keptBot = await post("/bots", { name: "Kept bot" });
  await t.db.insert(leads).values(
    [31, 29, null].map((days, i) => ({
      organizationId: owner.organizationId,
      botId: keptBot.body.id,
      name: `Lead ${i}`,
      deletedAt: days === null ? null : sql`now() - make_interval(days => ${days})`,
    })),
  );

  expect(await purgeDeleted(t.db, storage)).toEqual({
    clients: 1,
    projects: 1,
    documents: 1,
    threads: 0,
    characters: 1,
    media: 0,
    recipes: 1,
    bots: 1,
    leads: 1,
  });
  const leftLeads = await t.db.select({ name: leads.name }).from(leads).orderBy(leads.name);
  expect(leftLeads.map((row) => row.name)).toEqual(["Lead 1", "Lead 2"]);
  const leftBots = await t.db.select({ name: bots.name }).from(bots);
  expect(leftBots.map((row) => row.name).sort()).toEqual(["Kept bot", "Recent bot"]);
  const leftRecipes = await t.db.select({ name: recipes.name }).from(recipes).orderBy(recipes.name);
  expect(leftRecipes.map((row) => row.name)).toEqual(["Kept recipe", "Recent recipe"]);
  const left = await t.db.select({ name: clients.name }).from(clients).orderBy(clients.name);
  expect(left.map((row) => row.name)).toEqual(["Kept", "Recent"]);
  // The purged client's logo file goes with it; the others' stay.
  expect([await stored(old), await stored(recent), await stored(kept)]).toEqual([
    false,
    true,
    true,
  ]);
  expect(await storage.get(avatarKey)).toBeNull();
  const leftCharacters = await t.db.select({ name: characters.name }).from(characters);
  expect(leftCharacters.map((row) => row.name)).toEqual(["Kept character"]);
  const leftDocuments = await t.db.select({ title: documents.title }).from(documents);
  expect(leftDocuments.map((row) => row.title)).toEqual(["Recent document"]);
  expect(await purgeDeleted(t.db, storage)).toEqual({
    clients: 0,
    projects: 0,
    documents: 0,
    threads: 0,
    characters: 0,
    media: 0,
    recipes: 0,
    bots: 0,
    leads: 0,
  });

  const schedules = await t.jobs.boss.getSchedules(purgeQueue);
  expect(schedules).toEqual([
    expect.objectContaining({ name: purgeQueue, cron: "17 3 * * *", timezone: "UTC" }),
  ]);
});
