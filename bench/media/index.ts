// `npm run bench:media`: the media library at scale. One organization with 25,000 items (70%
// images, 20% audio, 10% video), beside one with 100, in one PostgreSQL database, in one run:
//
// 1. Server time, through the API in this process (its Hono app's fetch, as the web server calls
//    it, the body read to its end), round-robin, p50 and p95: the image library's first page (GET
//    /media?kind=image, 50 a page), the same filtered (favourites, a project, a member), the page
//    after a cursor deep in the list (four fifths of the way, reached by following nextCursor),
//    and a prompt search for an English and an Arabic word (GET /media?kind=image&q=). References
//    measured in the same rounds: the same calls on the organization of 100 items, and GET /user
//    (the lightest authenticated call). The plans of the large organization's lists are printed.
// 2. Thumbnails a second: a 1024×1024 PNG and JPEG through createMediaItem (the service the
//    creators store an image with: checked, measured, a WebP thumbnail made, both files stored, the
//    row written) and through reencodeImage (the thumbnail alone, by the service's rules), one at a
//    time and BENCH_THUMBNAIL_PARALLEL at once; the reference, in the same rounds: sharp's own
//    resize of the same image to the same WebP.
//
// The rows are written with set-based SQL (`insert … select … from generate_series`), their
// prompts drawn from a table of 12,000 made by bench/media/prompts.ts (60% English, 40% Arabic);
// every item's search column is PostgreSQL's own (a generated column), filled as the rows are
// written. The items have no files: the lists do not read them.
//
//   BENCH_SERVER_URL          the PostgreSQL server to make a database of its own on, dropped at
//                             the end (default postgres://postgres:postgres@127.0.0.1:5432/postgres)
//   BENCH_MEDIA               items of the large organization (default 25000)
//   BENCH_SMALL_MEDIA         items of the small organization (default 100)
//   BENCH_ROUNDS              rounds through the API (default 200), after BENCH_WARMUP (default 20)
//   BENCH_THUMBNAIL_ROUNDS    rounds of the thumbnails (default 20), after 2
//   BENCH_THUMBNAIL_PARALLEL  images at once in the parallel rounds (default: the cores)
//   BENCH_PLANS               1 to print the plans whole, not only their scans
//   BENCH_JSON                a file to write the figures to, as JSON
import { writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import type { Database } from "../../api/db/client";
import { type MediaKind, users } from "../../api/db/schema";
import { loadActor } from "../../api/identity/users";
import {
  createMediaItem,
  listMedia,
  type MediaQuery,
  mediaThumbnailSize,
} from "../../api/media/media";
import type { Actor } from "../../api/organizations/permissions";
import { reencodeImage } from "../../api/storage/avatars";
import { createLocalStorage } from "../../api/storage/local";
import { type ApiCall, type ApiFetch, measureApi, send, startBenchApi } from "../support/api";
import {
  dropIndexes,
  recreateIndexes,
  rowsOf,
  serverVersion,
  stepTimer,
} from "../support/database";
import { count, env, type Figures, kb, ms, percentile, ratio } from "../support/figures";
import { addOrganization as addBenchOrganization, type Member } from "../support/members";
import { captureStatements, explain, scansOf, timingOf } from "../support/plans";
import { seededRandom } from "../support/random";
import { onOwnDatabase, runMs, startRun, temporaryDir } from "../support/run";
import { prompt, searchedWords } from "./prompts";

const largeItems = env("BENCH_MEDIA", 25_000);
const smallItems = env("BENCH_SMALL_MEDIA", 100);
const rounds = env("BENCH_ROUNDS", 200);
const warmup = env("BENCH_WARMUP", 20);
const thumbnailRounds = env("BENCH_THUMBNAIL_ROUNDS", 20);
const parallel = env("BENCH_THUMBNAIL_PARALLEL", cpus().length);
const pageSize = 50;
const password = "a bench media passphrase";
/** Distinct prompts per kind and language; items draw from them. */
const poolSize = 2_000;
/** Projects of an organization: one per 1,000 items, at least 3. */
const projectsOf = (items: number) => Math.max(3, Math.round(items / 1_000));

// --- The data ------------------------------------------------------------------------------------

type Organization = {
  label: string;
  items: number;
  id: string;
  owner: Member;
  /** Two more members, who make items too and never sign in. */
  others: string[];
  /** Its projects, oldest first. */
  projects: string[];
};

/** An organization with its owner, two more members and its projects; no items yet. */
async function addOrganization(db: Database, label: string, items: number): Promise<Organization> {
  const { id, owner, others } = await addBenchOrganization(db, { bench: "media", label, password });
  const projects = await db
    .execute<{ id: string }>(sql`
      insert into projects (organization_id, name, status, created_by, created_at, updated_at)
      select ${id}, 'Campaign ' || n, 'active', ${owner.id},
        now() - interval '400 days' + n * interval '1 minute',
        now() - interval '400 days' + n * interval '1 minute'
      from generate_series(1, ${projectsOf(items)}) n
      returning id`)
    .then((result) => rowsOf<{ id: string }>(result).map((row) => row.id));
  return { label, items, id, owner, others, projects };
}

const kinds: MediaKind[] = ["image", "audio", "video"];

/** The pool of titles and prompts the items are drawn from, written in multi-row inserts. */
async function writePool(db: Database) {
  await db.execute(sql`
    create table bench_pool (kind text, language text, i int, title text, prompt text,
      primary key (kind, language, i))`);
  const rows: { kind: MediaKind; language: string; i: number; title: string; prompt: string }[] =
    [];
  for (const [k, kind] of kinds.entries()) {
    for (const language of ["en", "ar"] as const) {
      const random = seededRandom(42 + 2 * k + (language === "en" ? 0 : 1));
      for (let i = 0; i < poolSize; i++)
        rows.push({ kind, language, i, ...prompt(random, kind, language) });
    }
  }
  for (let start = 0; start < rows.length; start += 500) {
    const batch = rows.slice(start, start + 500);
    await db.execute(sql`
      insert into bench_pool (kind, language, i, title, prompt) values ${sql.join(
        batch.map(
          (row) => sql`(${row.kind}, ${row.language}, ${row.i}, ${row.title}, ${row.prompt})`,
        ),
        sql`, `,
      )}`);
  }
}

/**
 * The organization's items: 70% images, 20% audio, 10% video; 60% of the prompts in English; 60%
 * the owner's, 25% a member's, 15% another member's; 40% in one of the projects; 4% favourites;
 * 1% deleted (in the bin); made at any time in the past year, the image models', voices' and
 * sizes' settings as the creators keep them.
 */
function writeItems(db: Database, org: Organization) {
  const projects = sql.raw(`array[${org.projects.map((id) => `'${id}'`).join(", ")}]::uuid[]`);
  return db.execute(sql`
    insert into media (organization_id, kind, author_id, project_id, title, prompt, settings,
      model, file_key, content_type, byte_size, width, height, duration_seconds, thumbnail_key,
      favourite, created_at, updated_at, deleted_at)
    select ${org.id}::uuid, r.kind,
      case when r.a < 0.6 then ${org.owner.id}::uuid when r.a < 0.85 then ${org.others[0]}::uuid
        else ${org.others[1]}::uuid end,
      case when r.b < 0.4 then (${projects})[1 + floor(r.c * ${org.projects.length})::int] end,
      p.title, p.prompt,
      case r.kind
        when 'image' then jsonb_build_object('model', r.model, 'size', '1024x1024',
          'seed', (r.c * 1e9)::bigint, 'count', 1)
        when 'audio' then jsonb_build_object('model', 'tts-1', 'voice',
          (array['alloy', 'nova', 'onyx', 'offline'])[1 + floor(r.c * 4)::int], 'format', 'mp3',
          'speed', 1)
        else jsonb_build_object('model', 'slideshow', 'duration', 4 + floor(r.c * 7)::int,
          'aspect', '16:9') end,
      case r.kind when 'image' then r.model when 'audio' then 'tts-1' else 'slideshow' end,
      'media/' || gen_random_uuid() ||
        case r.kind when 'image' then '.png' when 'audio' then '.mp3' else '.mp4' end,
      case r.kind when 'image' then 'image/png' when 'audio' then 'audio/mpeg' else 'video/mp4' end,
      (case r.kind when 'image' then 1500000 when 'audio' then 400000 else 3000000 end
        * (0.5 + r.c))::bigint,
      case r.kind when 'image' then 1024 when 'video' then 1280 end,
      case r.kind when 'image' then 1024 when 'video' then 720 end,
      case r.kind when 'audio' then 20 + r.c * 100 when 'video' then 4 + floor(r.c * 7) end,
      case when r.kind = 'image' then 'media/' || gen_random_uuid() || '.webp' end,
      r.f < 0.04,
      r.created, r.created,
      case when r.d < 0.01 then now() - interval '2 days' end
    from (
      select n,
        case when k < 0.7 then 'image' when k < 0.9 then 'audio' else 'video' end as kind,
        case when l < 0.6 then 'en' else 'ar' end as language,
        (array['gpt-image-1', 'flux-schnell', 'sdxl-turbo'])[1 + floor(l * 1000)::int % 3] as model,
        a, b, c, d, f,
        now() - interval '5 minutes' - e * interval '365 days' as created
      from (
        select n, random() as k, random() as l, random() as a, random() as b, random() as c,
          random() as d, random() as e, random() as f
        from generate_series(1, ${org.items}) n
      ) x
    ) r
    join bench_pool p on p.kind = r.kind and p.language = r.language
      and p.i = (r.n * 7919) % ${poolSize}`);
}

// Built once after the rows are in: a GIN index takes rows one by one far slower.
const deferredIndexes = ["media_search_idx", "media_organization_created_idx"];

async function seed(db: Database) {
  const { steps, step } = stepTimer();
  const started = performance.now();
  const [large, small, thumbnails] = await step("members", async () => [
    await addOrganization(db, "large", largeItems),
    await addOrganization(db, "small", smallItems),
    await addOrganization(db, "thumbnails", 0),
  ]);
  if (!large || !small || !thumbnails) throw new Error("no organizations");
  const indexes = await dropIndexes(db, deferredIndexes);
  await step("prompts", () => writePool(db));
  await db.execute(sql`select setseed(0.42)`);
  await step("items", async () => {
    await writeItems(db, large);
    await writeItems(db, small);
  });
  await step("indexes", () => recreateIndexes(db, indexes));
  await db.execute(sql`drop table bench_pool`);
  await step("vacuum analyze", () => db.execute(sql`vacuum analyze`));
  return { large, small, thumbnails, steps, totalMs: performance.now() - started };
}

// --- Measuring -----------------------------------------------------------------------------------

type MediaPage = { items: { id: string }[]; nextCursor: string | null };

/** The cursor the list gives after `position` items, following nextCursor 100 at a time. */
async function cursorAt(apiFetch: ApiFetch, token: string, position: number) {
  let cursor: string | null = null;
  for (let seen = 0; seen < position; ) {
    const limit = Math.min(100, position - seen);
    const path: string = `/media?kind=image&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`;
    const page = JSON.parse(
      Buffer.from(await send(apiFetch, { name: "walk", path, token })).toString(),
    ) as MediaPage;
    seen += page.items.length;
    cursor = page.nextCursor;
    if (!cursor) throw new Error(`the list ends before ${position} items`);
  }
  return cursor ?? "";
}

type Variant = { name: string; run: () => Promise<unknown> };

/**
 * Each variant `at` at once, once a round, the order turned every round, after 2 rounds not
 * counted: the milliseconds of each item (a round's time over `at`).
 */
async function measureThroughput(variants: Variant[], at: number) {
  const samples = variants.map(() => [] as number[]);
  for (let round = 0; round < 2 + thumbnailRounds; round++) {
    for (let k = 0; k < variants.length; k++) {
      const index = (k + round) % variants.length;
      const variant = variants[index] as Variant;
      const started = performance.now();
      await Promise.all(Array.from({ length: at }, () => variant.run()));
      const elapsed = performance.now() - started;
      if (round >= 2) samples[index]?.push(elapsed / at);
    }
  }
  return samples.map((values) => percentile(values, 50));
}

/** A 1024×1024 picture with smooth colour fields and a little grain, as a generated image has. */
function testPicture() {
  const side = 1024;
  const pixels = Buffer.alloc(side * side * 3);
  const random = seededRandom(7);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const at = (y * side + x) * 3;
      const grain = () => (random() - 0.5) * 16;
      pixels[at] = 128 + 90 * Math.sin(x / 97 + Math.cos(y / 131)) + grain();
      pixels[at + 1] = 128 + 90 * Math.sin(y / 73 + x / 211) + grain();
      pixels[at + 2] = 128 + 90 * Math.cos((x + y) / 157) + grain();
    }
  }
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } });
}

// --- The run -------------------------------------------------------------------------------------

startRun();

// Every image a server stores is a new one: libvips' cache of operations would only flatter the
// same bytes read again and again.
sharp.cache(false);

const json: Record<string, unknown> = {};
await onOwnDatabase({ bench: "media" }, async (connection, database) => {
  const db = connection.db;
  const version = await serverVersion(db);
  console.log(
    `\nThe media library at scale on ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} ` +
      `GiB, Node ${process.version}, sharp ${sharp.versions.sharp} (libvips ` +
      `${sharp.versions.vips}); PostgreSQL ${version}, database ${database.name}`,
  );
  console.log(
    `seeding: ${count(largeItems)} items in one organization, ${count(smallItems)} in another…`,
  );
  const seeded = await seed(db);
  const [tables] = await db
    .execute<{ items: number; size: string; characters: string }>(sql`
      select (select count(*) from media)::int as items,
        pg_size_pretty(pg_total_relation_size('media')) as size,
        (select round(avg(length(prompt))) from media)::text as characters`)
    .then(rowsOf<{ items: number; size: string; characters: string }>);
  console.log(
    `seeded in ${(seeded.totalMs / 1000).toFixed(1)} s (${seeded.steps.join(", ")}): ` +
      `${count(tables?.items ?? 0)} items, prompts of ${tables?.characters} characters on ` +
      `average (media: ${tables?.size} with indexes)`,
  );
  json.seeding = { ms: seeded.totalMs, steps: seeded.steps, tables };

  // --- 1. The API ---
  const { large, small } = seeded;
  type List = {
    name: string;
    /** The query of the list, for an organization. */
    query: (org: Organization) => Omit<MediaQuery, "limit" | "cursor">;
  };
  const lists: List[] = [
    { name: "first page", query: () => ({ kind: "image" }) },
    { name: "favourites", query: () => ({ kind: "image", favourite: true }) },
    { name: "a project", query: (org) => ({ kind: "image", projectId: org.projects[0] }) },
    { name: "a member", query: (org) => ({ kind: "image", authorId: org.others[1] }) },
    { name: "deep page", query: () => ({ kind: "image" }) },
    { name: `search "${searchedWords.en}"`, query: () => ({ kind: "image", q: searchedWords.en }) },
    { name: `search "${searchedWords.ar}"`, query: () => ({ kind: "image", q: searchedWords.ar }) },
  ];
  const pathOf = (query: Omit<MediaQuery, "limit">) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) params.set(key, String(value));
    }
    params.set("limit", String(pageSize));
    return `/media?${params}`;
  };
  /** The organization's images in its library (not in the bin). */
  const imagesOf = async (org: Organization) =>
    (
      await db
        .execute<{ n: number }>(sql`
          select count(*)::int as n from media
          where organization_id = ${org.id} and kind = 'image' and deleted_at is null`)
        .then(rowsOf<{ n: number }>)
    )[0]?.n ?? 0;
  const images = { large: await imagesOf(large), small: await imagesOf(small) };
  /** Where the deep page starts: four fifths of the way, on a page's boundary. */
  const deepAt = (images: number) =>
    Math.max(pageSize, Math.floor((images * 0.8) / pageSize) * pageSize);
  const dirs = temporaryDir("qalam-bench-media-");
  const { api } = await startBenchApi(database.url, dirs);
  const found = new Map<string, number>();
  let apiFigures: Figures[];
  let requests: ApiCall[];
  const deepCursors: Record<string, { at: number; cursor: string }> = {};
  try {
    const apiFetch: ApiFetch = (request) => api.fetch(request);
    for (const org of [large, small]) {
      const at = deepAt(org === large ? images.large : images.small);
      deepCursors[org.label] = { at, cursor: await cursorAt(apiFetch, org.owner.token, at) };
    }
    const pathFor = (list: List, org: Organization) =>
      list.name === "deep page"
        ? pathOf({ ...list.query(org), cursor: deepCursors[org.label]?.cursor })
        : pathOf(list.query(org));
    requests = [
      { name: "GET /user", path: "/user", token: large.owner.token },
      ...lists.flatMap((list) =>
        [small, large].map((org) => ({
          name: `${list.name} (${org.label})`,
          path: pathFor(list, org),
          token: org.owner.token,
        })),
      ),
    ];
    for (const request of requests.slice(1)) {
      const page = JSON.parse(Buffer.from(await send(apiFetch, request)).toString()) as MediaPage;
      found.set(request.name, page.items.length);
    }
    console.log(`\nmeasuring the API: ${rounds} rounds after ${warmup} of warm-up…`);
    const started = performance.now();
    apiFigures = await measureApi(apiFetch, requests, { rounds, warmup });
    json.apiMeasuringMs = performance.now() - started;
  } finally {
    await api.close();
  }

  // How many items each list has in all (the page shows 50 of them).
  const matching = async (org: Organization, list: List) => {
    const query = list.query(org);
    const [row] = await db
      .execute<{ n: number }>(sql`
        select count(*)::int as n from media
        where organization_id = ${org.id} and deleted_at is null and kind = 'image'
          ${query.favourite ? sql`and favourite` : sql``}
          ${query.projectId ? sql`and project_id = ${query.projectId}` : sql``}
          ${query.authorId ? sql`and author_id = ${query.authorId}` : sql``}
          ${query.q ? sql`and search @@ qalam_search_query(${query.q})` : sql``}`)
      .then(rowsOf<{ n: number }>);
    const all = row?.n ?? 0;
    return list.name === "deep page" ? all - (deepCursors[org.label]?.at ?? 0) : all;
  };
  const figure = (name: string) =>
    apiFigures[requests.findIndex((r) => r.name === name)] as Figures;
  const user = figure("GET /user");
  console.log(
    `\nServer time through the API, ms, p50 / p95; ratios of p50. ${count(smallItems)} and ` +
      `${count(largeItems)} items (${count(images.small)} and ${count(images.large)} images in ` +
      `the library); "found": the page's items, of the list's in all. The deep page: after ` +
      `${count(deepCursors.small?.at ?? 0)} and ${count(deepCursors.large?.at ?? 0)} images.\n`,
  );
  console.log(
    `| GET /media?kind=image&limit=${pageSize} | ${count(smallItems)} items | ` +
      `${count(largeItems)} items | ratio to ${count(smallItems)} items | ratio to GET /user | ` +
      "found, small | found, large |",
  );
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
  console.log(`| GET /user | | ${ms(user.p50)} / ${ms(user.p95)} | | 1.00x | | |`);
  const apiRows: Record<string, unknown>[] = [{ request: "GET /user", large: user }];
  for (const list of lists) {
    const s = figure(`${list.name} (small)`);
    const l = figure(`${list.name} (large)`);
    const foundIn = async (org: Organization) =>
      `${found.get(`${list.name} (${org.label})`)} of ${count(await matching(org, list))}`;
    const foundSmall = await foundIn(small);
    const foundLarge = await foundIn(large);
    const parameters = pathOf({
      ...list.query(large),
      ...(list.name === "deep page" ? { cursor: "…" } : {}),
    })
      .replace(/^\/media\?kind=image&?/, "")
      .replace(/&?limit=\d+$/, "")
      .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, "{id}");
    console.log(
      `| ${list.name}${parameters ? ` (${decodeURIComponent(parameters)})` : ""} | ` +
        `${ms(s.p50)} / ${ms(s.p95)} | ${ms(l.p50)} / ${ms(l.p95)} | ${ratio(l.p50, s.p50)} | ` +
        `${ratio(l.p50, user.p50)} | ${foundSmall} | ${foundLarge} |`,
    );
    apiRows.push({ request: list.name, small: s, large: l, found: [foundSmall, foundLarge] });
  }
  json.api = apiRows;

  // The large organization's lists: their statements' plans.
  const [owner] = await db.select().from(users).where(sql`${users.id} = ${large.owner.id}`);
  if (!owner) throw new Error("no owner");
  const actor = await loadActor(db, owner);
  if (connection.driver !== "pg") throw new Error("not on PostgreSQL");
  console.log(`\nPlans on the ${count(largeItems)}-item organization (explain analyze):\n`);
  const plans: Record<string, string> = {};
  for (const list of lists) {
    const statements = await captureStatements(connection, () =>
      listMedia(db, actor, {
        ...list.query(large),
        limit: pageSize,
        cursor: list.name === "deep page" ? deepCursors.large?.cursor : undefined,
      }),
    );
    for (const statement of statements) {
      const plan = await explain(connection, statement, "analyze, buffers, costs off");
      plans[list.name] = plan;
      const scans = scansOf(plan);
      const removed = [...plan.matchAll(/Rows Removed by Filter: (\d+)/g)].reduce(
        (sum, match) => sum + Number(match[1]),
        0,
      );
      const { sort, time } = timingOf(plan);
      console.log(
        `${list.name.padEnd(20)} ${time?.padStart(8)} ms  ${scans.join(", ")}` +
          `${removed ? `; ${count(removed)} rows removed by filter` : ""}` +
          `${sort ? `; sort: ${sort}` : ""}`,
      );
      if (process.env.BENCH_PLANS) console.log(plan.replace(/^/gm, "    "));
    }
  }
  json.plans = plans;

  // --- 2. Thumbnails ---
  const picture = testPicture();
  const formats = [
    { name: "PNG", contentType: "image/png", bytes: await picture.clone().png().toBuffer() },
    {
      name: "JPEG",
      contentType: "image/jpeg",
      bytes: await picture.clone().jpeg({ quality: 90 }).toBuffer(),
    },
  ];
  const [thumbnailUser] = await db
    .select()
    .from(users)
    .where(sql`${users.id} = ${seeded.thumbnails.owner.id}`);
  if (!thumbnailUser) throw new Error("no owner");
  const thumbnailActor: Actor = await loadActor(db, thumbnailUser);
  const storage = createLocalStorage(join(dirs, "thumbnails"));
  const random = seededRandom(11);
  const thumbnailRows: Record<string, unknown>[] = [];
  console.log(
    `\nmeasuring the thumbnails: ${thumbnailRounds} rounds after 2, one at a time and ` +
      `${parallel} at once…`,
  );
  const perSecond = (msPerItem: number) => (1000 / msPerItem).toFixed(1);
  const table: string[] = [];
  for (const format of formats) {
    const variants: Variant[] = [
      {
        name: "sharp: resize to the same WebP (reference)",
        run: () =>
          sharp(format.bytes)
            .resize(mediaThumbnailSize, mediaThumbnailSize, {
              fit: "inside",
              withoutEnlargement: true,
            })
            .webp({ quality: 85 })
            .toBuffer(),
      },
      {
        name: "reencodeImage (the thumbnail, checked)",
        run: () =>
          reencodeImage(format.bytes, {
            field: "bytes",
            noun: "image",
            maxBytes: 64 * 1024 * 1024,
            maxDimension: 16_384,
            size: mediaThumbnailSize,
            fit: "inside",
          }),
      },
      {
        name: "createMediaItem (stored, with its row)",
        run: () =>
          createMediaItem(db, storage, thumbnailActor, {
            kind: "image",
            bytes: format.bytes,
            contentType: format.contentType,
            prompt: prompt(random, "image", "en").prompt,
            settings: { model: "gpt-image-1", size: "1024x1024" },
            model: "gpt-image-1",
          }),
      },
    ];
    const one = await measureThroughput(variants, 1);
    const many = await measureThroughput(variants, parallel);
    variants.forEach((variant, index) => {
      const a = one[index] ?? 0;
      const b = many[index] ?? 0;
      table.push(
        `| ${format.name}, ${variant.name} | ${ms(a)} | ${perSecond(a)} | ` +
          `${ratio(one[0] ?? 0, a)} | ${perSecond(b)} | ${ratio(many[0] ?? 0, b)} |`,
      );
      thumbnailRows.push({
        format: format.name,
        bytes: format.bytes.byteLength,
        variant: variant.name,
        msPerItem: a,
        msPerItemParallel: b,
      });
    });
  }
  console.log(
    `\nThumbnails of a 1024×1024 image (PNG ${kb(formats[0]?.bytes.byteLength ?? 0)}, JPEG ` +
      `${kb(formats[1]?.bytes.byteLength ?? 0)}) fitted inside ${mediaThumbnailSize}×` +
      `${mediaThumbnailSize}, WebP; p50 of ${thumbnailRounds} rounds; ratios: items a second ` +
      "against the reference's:\n",
  );
  console.log(
    `| image, path | ms an item | items/s | ratio | items/s, ${parallel} at once | ratio |`,
  );
  console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
  for (const line of table) console.log(line);
  json.thumbnails = { parallel, rows: thumbnailRows };

  console.log(`\nin all ${(runMs() / 1000).toFixed(0)} s`);
  if (process.env.BENCH_JSON) {
    writeFileSync(
      process.env.BENCH_JSON,
      JSON.stringify({ rounds, warmup, thumbnailRounds, ...json }, null, 2),
    );
  }
});
