import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createSecretBox } from "../../../api/ai/secrets";
import { resealSecrets } from "../../../api/ai/secrets-rotation";
import { organizationAiModels } from "../../../api/db/schema";
import { createSession } from "../../../api/identity/sessions";
import { mailQueue, mailSealContext } from "../../../api/mail/index";
import { type FakeAiServer, startFakeAiServer } from "../../support/fake-ai-server";
import { createTestApi, createTestDatabase, ownerWithSession, type TestDatabase } from "../helpers";

let fake: FakeAiServer;
let database: TestDatabase;

beforeAll(async () => {
  [fake, database] = await Promise.all([startFakeAiServer(), createTestDatabase({ onDisk: true })]);
});
afterAll(async () => {
  await Promise.all([fake.close(), database.drop()]);
});

/** The sealed data of the mail waiting in the queue. */
async function queuedMail(db: Awaited<ReturnType<typeof createTestApi>>["db"]) {
  const found = (await db.execute(
    sql`select data->>'sealed' as sealed from pgboss.job where name = ${mailQueue} and state < 'completed'`,
  )) as unknown as { rows: { sealed: string }[] };
  return found.rows.map((row) => row.sealed);
}

describe("rotating SECRETS_KEY", () => {
  it("seals every stored secret again with the new key, so that the old one can go", async () => {
    const [oldKey, newKey, lostKey] = [randomBytes(32), randomBytes(32), randomBytes(32)];
    const settings = { provider: "openai-compatible", baseUrl: fake.baseUrl, model: "own-model" };

    // Before: an API whose SECRETS_KEY is the old key alone.
    const before = await createTestApi({
      database,
      secretsKey: oldKey,
      ai: { allowPrivateNetwork: true, offlineVoice: false, sentenceEncoder: false },
    });
    let owner: Awaited<ReturnType<typeof ownerWithSession>>;
    try {
      owner = await ownerWithSession(before);
      const { organizationId } = owner;
      const put = (capability: string, json: Record<string, unknown>) =>
        before.request("PUT", `/organizations/${organizationId}/ai/${capability}`, {
          token: owner.token,
          json,
        });
      expect((await put("chat", { ...settings, apiKey: fake.apiKey })).status).toBe(200);
      // A key sealed by the previous version (without its address in the context)…
      await put("embedding", settings);
      const ofRow = (capability: "embedding" | "image") =>
        and(
          eq(organizationAiModels.organizationId, organizationId),
          eq(organizationAiModels.capability, capability),
        );
      await before.db
        .update(organizationAiModels)
        .set({
          apiKeySealed: createSecretBox(oldKey).seal(
            fake.apiKey,
            `organization-ai-model:${organizationId}:embedding`,
          ),
        })
        .where(ofRow("embedding"));
      // …and one sealed with a key nobody has any more, which no rotation can save.
      await put("image", settings);
      await before.db
        .update(organizationAiModels)
        .set({ apiKeySealed: createSecretBox(lostKey).seal("sk-lost", "anything") })
        .where(ofRow("image"));
      // A message waiting in the queue (for an hour), sealed with the old key.
      const letter = { type: "key", message: { to: "someone@example.com", key: "123456" } };
      await before.jobs.boss.send(
        mailQueue,
        { sealed: createSecretBox(oldKey).seal(JSON.stringify(letter), mailSealContext) },
        { startAfter: 3600 },
      );

      // The rotation: the new key first, the old one still listed.
      const report = await resealSecrets(before.db, createSecretBox([newKey, oldKey]));
      expect(report).toEqual({
        aiKeys: 2,
        mail: 1,
        unopened: [`the image key of organization ${organizationId}`],
      });
      // Run again, it finds everything sealed with the new key already, and breaks nothing.
      expect((await resealSecrets(before.db, createSecretBox([newKey, oldKey]))).aiKeys).toBe(2);
      const [sealed] = await queuedMail(before.db);
      expect(JSON.parse(createSecretBox(newKey).open(sealed as string, mailSealContext))).toEqual(
        letter,
      );
      expect(() => createSecretBox(oldKey).open(sealed as string, mailSealContext)).toThrow();
    } finally {
      await before.close();
    }

    // After: the old key is dropped from SECRETS_KEY, and every secret still opens.
    const after = await createTestApi({
      database,
      secretsKey: [newKey],
      ai: { allowPrivateNetwork: true, offlineVoice: false, sentenceEncoder: false },
    });
    // The image key, which no key opens, is left out of every call, with a warning.
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const { organizationId } = owner;
      const token = await createSession(after.db, owner.id);
      for (const capability of ["chat", "embedding"]) {
        fake.reset();
        const test = await after.request(
          "POST",
          `/organizations/${organizationId}/ai/${capability}/test`,
          { token },
        );
        expect(test.body, capability).toMatchObject({ ok: true });
        expect(fake.requests.at(-1)?.headers.authorization, capability).toBe(
          `Bearer ${fake.apiKey}`,
        );
      }
      const [sealed] = await queuedMail(after.db);
      expect(createSecretBox(newKey).open(sealed as string, mailSealContext)).toContain("123456");
      expect(warn).toHaveBeenCalledWith(expect.stringContaining("The image key of organization"));
    } finally {
      warn.mockRestore();
      await after.close();
    }
  });
});
