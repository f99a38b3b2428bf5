import { isNotNull, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { queueSchema } from "../db/queue";
import { organizationAiModels } from "../db/schema";
import { mailQueue, mailSealContext } from "../mail/index";
import { openAiKey } from "./ai-models";
import type { SecretBox } from "./secrets";

export type ResealReport = {
  /** Organizations' provider keys sealed again. */
  aiKeys: number;
  /** Queued mail and SMS sealed again. */
  mail: number;
  /** What no key of the box opens, left as it is (named, never shown). */
  unopened: string[];
};

/**
 * Seals every stored secret again with the box's first key: organizations' provider keys and the
 * mail waiting in the queue (`npm run secrets:rotate`, docs/deploy.md). Each value is replaced
 * only while it is still the one that was read, so instances may keep serving meanwhile.
 */
export async function resealSecrets(db: Database, secrets: SecretBox): Promise<ResealReport> {
  const report: ResealReport = { aiKeys: 0, mail: 0, unopened: [] };
  const rows = await db
    .select()
    .from(organizationAiModels)
    .where(isNotNull(organizationAiModels.apiKeySealed));
  for (const row of rows) {
    try {
      await openAiKey(
        db,
        secrets,
        { ...row, apiKeySealed: row.apiKeySealed as string },
        {
          reseal: true,
        },
      );
      report.aiKeys += 1;
    } catch {
      report.unopened.push(`the ${row.capability} key of organization ${row.organizationId}`);
    }
  }
  for (const letter of await queuedLetters(db)) {
    let plaintext: string;
    try {
      plaintext = secrets.open(letter.sealed, mailSealContext);
    } catch {
      report.unopened.push(`queued message ${letter.id}`);
      continue;
    }
    const resealed = JSON.stringify(secrets.seal(plaintext, mailSealContext));
    await db.execute(sql`
      update ${sql.raw(queueSchema)}.job
      set data = jsonb_set(data, '{sealed}', ${resealed}::jsonb)
      where name = ${mailQueue} and id = ${letter.id} and data->>'sealed' = ${letter.sealed}`);
    report.mail += 1;
  }
  return report;
}

/** Mail and SMS waiting, waiting for another try, or being sent; none before the queue's first start. */
async function queuedLetters(db: Database): Promise<{ id: string; sealed: string }[]> {
  // Drizzle's execute() is typed by its driver; both drivers answer with { rows }.
  const found = (await db.execute(
    sql`select to_regclass(${`${queueSchema}.job`}) is not null as present`,
  )) as unknown as { rows: { present: boolean }[] };
  if (!found.rows[0]?.present) return [];
  const letters = (await db.execute(sql`
    select id::text as id, data->>'sealed' as sealed from ${sql.raw(queueSchema)}.job
    where name = ${mailQueue} and state < 'completed' and data ? 'sealed'`)) as unknown as {
    rows: { id: string; sealed: string }[];
  };
  return letters.rows;
}
