/**
 * Seals every stored secret again with the first key of SECRETS_KEY: organizations' AI provider
 * keys, bots' identity secrets and the mail waiting in the queue. `npm run secrets:rotate`, on the database the server
 * uses (DATABASE_URL, or PGlite in DATA_DIR/db, as server.ts finds it). With PGlite, stop the
 * server first: one process at a time may open its folder. Rotation, step by step, is in
 * docs/deploy.md.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { createSecretBox, secretsKeys } from "../api/ai/secrets";
import { resealSecrets } from "../api/ai/secrets-rotation";
import { resealBotSecrets } from "../api/bots/bot-secrets";
import { openDatabase } from "../api/db/client";

const value = process.env.SECRETS_KEY?.trim();
if (!value) {
  console.error(
    "Set SECRETS_KEY to the new key followed by the old ones, comma-separated " +
      "(the old one may be the content of DATA_DIR/secrets-key).",
  );
  process.exit(2);
}
const keys = secretsKeys({ value });
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = join(resolve(process.env.DATA_DIR ?? "./data"), "db");
if (!databaseUrl && !existsSync(dataDir)) {
  console.error(
    `There is no database in ${dataDir}: set DATA_DIR or DATABASE_URL as the server has them.`,
  );
  process.exit(2);
}

const connection = await openDatabase({ databaseUrl, dataDir: databaseUrl ? undefined : dataDir });
try {
  const box = createSecretBox(keys);
  const report = await resealSecrets(connection.db, box);
  const botSecrets = await resealBotSecrets(connection.db, box);
  report.unopened.push(...botSecrets.unopened);
  console.log(
    `Sealed again with the first of ${keys.length} key(s): ${report.aiKeys} AI provider key(s), ` +
      `${botSecrets.resealed} bot identity secret(s), ${report.mail} queued message(s).`,
  );
  if (report.unopened.length > 0) {
    console.error(
      `${report.unopened.length} secret(s) opened with none of the keys and were left as they are ` +
        `(keep the key that sealed them in SECRETS_KEY, or enter them again):\n  ` +
        report.unopened.join("\n  "),
    );
    process.exitCode = 1;
  }
} finally {
  await connection.close();
}
