import type { PgBoss } from "pg-boss";
import { botRestoreDays } from "./bots/bot-limits";
import { purgeExpiredConversations } from "./bots/bot-retention";
import { leadRestoreDays } from "./bots/leads";
import { characterRestoreDays } from "./characters/characters";
import { clientRestoreDays } from "./crm/clients";
import { documentRestoreDays } from "./crm/documents";
import { projectRestoreDays } from "./crm/projects";
import type { Database } from "./db/client";
import { workQueue } from "./db/queue";
import { purgeable } from "./db/records";
import {
  bots,
  characters,
  clients,
  documents,
  leads,
  projects,
  recipes,
  threads,
} from "./db/schema";
import { purgeDeletedMedia } from "./media/media";
import { recipeRestoreDays } from "./media/recipes";
import { purgeActivity } from "./organizations/activity";
import { deleteAvatarFiles } from "./storage/avatars";
import type { Storage } from "./storage/storage";
import { threadRestoreDays } from "./threads/thread-access";

/** The queue of the daily purge, scheduled once for every instance (pg-boss keeps one schedule). */
export const purgeQueue = "purge-deleted";

/**
 * Deletes for good what was deleted longer ago than it can be restored: clients (and their logo
 * files), projects, documents, threads (with their messages), characters (and their avatar
 * files), media items (and their files), recipes, bots (with their cards) and leads after 30 days. Resolves with how many rows of
 * each went.
 */
export async function purgeDeleted(
  db: Database,
  storage: Storage,
): Promise<{
  clients: number;
  projects: number;
  documents: number;
  threads: number;
  characters: number;
  media: number;
  recipes: number;
  bots: number;
  leads: number;
}> {
  const goneMedia = await purgeDeletedMedia(db, storage);
  const goneRecipes = await db
    .delete(recipes)
    .where(purgeable(recipes.deletedAt, recipeRestoreDays))
    .returning({ id: recipes.id });
  const goneBots = await db
    .delete(bots)
    .where(purgeable(bots.deletedAt, botRestoreDays))
    .returning({ id: bots.id });
  const goneLeads = await db
    .delete(leads)
    .where(purgeable(leads.deletedAt, leadRestoreDays))
    .returning({ id: leads.id });
  const goneThreads = await db
    .delete(threads)
    .where(purgeable(threads.deletedAt, threadRestoreDays))
    .returning({ id: threads.id });
  const goneCharacters = await db
    .delete(characters)
    .where(purgeable(characters.deletedAt, characterRestoreDays))
    .returning({ avatarUrl: characters.avatarUrl });
  const goneDocuments = await db
    .delete(documents)
    .where(purgeable(documents.deletedAt, documentRestoreDays))
    .returning({ id: documents.id });
  const goneProjects = await db
    .delete(projects)
    .where(purgeable(projects.deletedAt, projectRestoreDays))
    .returning({ id: projects.id });
  const goneClients = await db
    .delete(clients)
    .where(purgeable(clients.deletedAt, clientRestoreDays))
    .returning({ id: clients.id, logoUrl: clients.logoUrl });
  await deleteAvatarFiles(storage, [
    ...goneClients.map((client) => client.logoUrl),
    ...goneCharacters.map((character) => character.avatarUrl),
  ]);
  return {
    clients: goneClients.length,
    projects: goneProjects.length,
    documents: goneDocuments.length,
    threads: goneThreads.length,
    characters: goneCharacters.length,
    media: goneMedia,
    recipes: goneRecipes.length,
    bots: goneBots.length,
    leads: goneLeads.length,
  };
}

/**
 * Schedules the purge every night at 03:17 UTC and works it here (with the activity log's and the
 * bots' conversations past their retention); resolves with a stop function.
 */
export async function schedulePurge(db: Database, storage: Storage, boss: PgBoss) {
  await boss.createQueue(purgeQueue, { retryLimit: 3, retryDelay: 60, retryBackoff: true });
  await boss.schedule(purgeQueue, "17 3 * * *", null, { tz: "UTC" });
  return workQueue(boss, purgeQueue, { concurrency: 1 }, async () => {
    const gone = await purgeDeleted(db, storage);
    await purgeActivity(db);
    const expired = await purgeExpiredConversations(db);
    if (expired) console.log(`Purged ${expired} bot conversations past their bot's retention`);
    if (Object.values(gone).some(Boolean)) {
      console.log(
        `Purged ${gone.clients} clients, ${gone.projects} projects, ${gone.documents} ` +
          `documents, ${gone.threads} threads, ${gone.characters} characters, ${gone.media} ` +
          `media items and ${gone.recipes} recipes deleted over 30 days ago`,
      );
    }
  });
}
