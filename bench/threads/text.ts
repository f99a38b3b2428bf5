// The text of the threads benchmark: questions and Markdown answers in English and Arabic, as a
// chat with a model reads, made from templates with a seeded generator so that every run writes
// the same text. Answers are prose, lists, code blocks or tables; a topic word (the searches look
// for two of them) takes the place of a noun now and then, so that a search finds a few threads
// in a hundred.

import { between, capitalise, type Language, pick, type Random } from "../support/random";

export type { Language };

/** The words the searches look for: in a topic's place, one sentence in a few hundred. */
export const searchedWords = { en: "invoice", ar: "فاتورة" } as const;

const english = {
  nouns: `report budget contract schedule customer supplier project team meeting proposal
    timeline release feature database query table service account order payment quarter
    dashboard workflow template spreadsheet policy review migration deployment backlog estimate
    summary agenda roadmap request response endpoint cache index`.split(/\s+/),
  topics: `invoice shipment warehouse audit payroll refund tender visa permit lawsuit clinic
    curriculum mortgage subscription recruitment inventory franchise warranty tariff
    scholarship`.split(/\s+/),
  verbs: `update review prepare analyse organise send calculate export test document move merge
    split schedule check compare`.split(/\s+/),
  gerunds: `updating reviewing preparing checking splitting exporting testing comparing
    cleaning grouping`.split(/\s+/),
  adjectives: `accurate consistent current complete late shared private ready stable clear
    small large`.split(/\s+/),
  places: `Riyadh Jeddah Dubai Cairo Amman Doha Muscat Kuwait London Berlin`.split(/\s+/),
  people: `Sarah Omar Lina David Maria Hana Peter Nadia Adam Khalid`.split(/\s+/),
  statuses: ["Done", "In progress", "Late", "Not started", "Blocked"],
  codeLanguages: ["TypeScript", "Python", "SQL"],
};

const arabic = {
  nouns: `التقرير الميزانية العقد الجدول الفريق العميل المشروع الخطة البيانات النظام الحساب
    الطلب المنتج الخدمة الاجتماع الملف الواجهة المورد الإصدار المهام العرض الموعد السياسة
    المراجعة الاستبيان`.split(/\s+/),
  topics: `الفاتورة الشحنة المستودع التدقيق الرواتب الضريبة المناقصة التأشيرة الترخيص الاسترداد
    العيادة المنهج الرهن الاشتراك التوظيف المخزون الامتياز الضمان التعرفة المنحة`.split(/\s+/),
  masdars: `تحديث مراجعة إعداد تحليل تنظيم إرسال حساب تصدير اختبار توثيق نقل دمج تقسيم جدولة
    متابعة`.split(/\s+/),
  adverbs: ["بدقة", "بشكل أسرع", "بوضوح", "كل أسبوع", "قبل نهاية الربع", "مع الفريق", "خطوة بخطوة"],
  places: `الرياض جدة دبي القاهرة عمّان الدوحة مسقط الكويت`.split(/\s+/),
  people: `محمد فاطمة خالد سارة عبدالله ليلى يوسف مريم`.split(/\s+/),
  statuses: ["مكتمل", "قيد التنفيذ", "متأخر", "لم يبدأ", "متوقف"],
  codeLanguages: ["TypeScript", "Python", "SQL"],
};

/** A noun, and now and then (one draw in `1 / topicChance`) a topic in its place. */
const topicChance = 0.012;

function englishNoun(random: Random) {
  return random() < topicChance ? pick(random, english.topics) : pick(random, english.nouns);
}

function arabicNoun(random: Random) {
  return random() < topicChance ? pick(random, arabic.topics) : pick(random, arabic.nouns);
}

function englishSentence(random: Random): string {
  const n = () => englishNoun(random);
  const templates = [
    () =>
      `You can ${pick(random, english.verbs)} the ${n()} by ${pick(random, english.gerunds)} the ${n()} first.`,
    () =>
      `The ${n()} depends on the ${n()}, so check it before you ${pick(random, english.verbs)} anything.`,
    () =>
      `In most cases the ${n()} should be ${pick(random, english.adjectives)} and ${pick(random, english.adjectives)}.`,
    () =>
      `If the ${n()} is ${pick(random, english.adjectives)}, ${pick(random, english.verbs)} the ${n()} and try again.`,
    () =>
      `A common approach is to ${pick(random, english.verbs)} each ${n()} in a separate ${n()}.`,
    () => `This keeps the ${n()} ${pick(random, english.adjectives)} while the ${n()} grows.`,
    () =>
      `For the ${pick(random, english.places)} office, the ${n()} usually takes ${between(random, 2, 12)} days.`,
    () =>
      `Note that the ${n()} is not the same as the ${n()}, even when both are ${pick(random, english.adjectives)}.`,
    () => `Here is how the ${n()} fits into the ${n()} of your ${n()}.`,
    () =>
      `The main risk is that the ${n()} becomes ${pick(random, english.adjectives)} before the end of the quarter.`,
    () =>
      `I would ${pick(random, english.verbs)} the ${n()} once a week and ${pick(random, english.verbs)} the ${n()} at the next meeting.`,
    () =>
      `${capitalise(pick(random, english.people))} can own the ${n()}, since the ${n()} is already with the team in ${pick(random, english.places)}.`,
  ];
  return pick(random, templates)();
}

function arabicSentence(random: Random): string {
  const n = () => arabicNoun(random);
  const m = () => pick(random, arabic.masdars);
  const templates = [
    () => `يمكنك ${m()} ${n()} من خلال ${m()} ${n()} أولاً.`,
    () => `يعتمد نجاح ${n()} على ${n()}، لذلك راجعه قبل ${m()} أي شيء.`,
    () => `في معظم الحالات يجب ${m()} ${n()} ${pick(random, arabic.adverbs)}.`,
    () => `إذا تأخر تسليم ${n()}، قم ب${m()} ${n()} ثم حاول مرة أخرى.`,
    () => `من الأفضل ${m()} ${n()} في ملف منفصل ${pick(random, arabic.adverbs)}.`,
    () =>
      `بالنسبة إلى فرع ${pick(random, arabic.places)}، يستغرق ${m()} ${n()} عادةً ${between(random, 3, 10)} أيام.`,
    () => `لاحظ أن ${m()} ${n()} يختلف عن ${m()} ${n()}.`,
    () => `تحافظ هذه الطريقة على دقة ${n()} مع نمو ${n()}.`,
    () => `الخطر الرئيسي هو تأخر ${m()} ${n()} حتى نهاية الربع.`,
    () => `أنصحك ب${m()} ${n()} مرة كل أسبوع، ثم ${m()} ${n()} في الاجتماع التالي.`,
    () =>
      `يمكن أن يتولى ${pick(random, arabic.people)} ${m()} ${n()} لأن ${n()} لدى الفريق في ${pick(random, arabic.places)}.`,
  ];
  return pick(random, templates)();
}

const sentence = (random: Random, language: Language) =>
  language === "en" ? englishSentence(random) : arabicSentence(random);

function paragraph(random: Random, language: Language, min = 2, max = 4) {
  return Array.from({ length: between(random, min, max) }, () => sentence(random, language)).join(
    " ",
  );
}

// --- Questions -----------------------------------------------------------------------------------

export function question(random: Random, language: Language): string {
  if (language === "en") {
    const n = () => englishNoun(random);
    const templates = [
      () =>
        `How do I ${pick(random, english.verbs)} the ${n()} for our team in ${pick(random, english.places)}?`,
      () => `Can you explain why the ${n()} is ${pick(random, english.adjectives)} this month?`,
      () =>
        `What is the best way to ${pick(random, english.verbs)} the ${n()} before the end of the quarter?`,
      () =>
        `Write a ${pick(random, english.codeLanguages)} function that can ${pick(random, english.verbs)} the ${n()}.`,
      () => `Compare the ${n()} and the ${n()} in a table.`,
      () => "Thanks. Now make it shorter and add an example.",
      () => `We have a problem with the ${n()}: ${englishSentence(random)} What do you suggest?`,
      () =>
        `${englishSentence(random)} Should I ${pick(random, english.verbs)} the ${n()} or wait?`,
    ];
    return pick(random, templates)();
  }
  const n = () => arabicNoun(random);
  const m = () => pick(random, arabic.masdars);
  const templates = [
    () => `كيف يمكنني ${m()} ${n()} لفريقنا في ${pick(random, arabic.places)}؟`,
    () => `هل يمكنك أن تشرح لماذا تأخر ${m()} ${n()} هذا الشهر؟`,
    () => `ما أفضل طريقة ل${m()} ${n()} قبل نهاية الربع؟`,
    () => `اكتب دالة بلغة ${pick(random, arabic.codeLanguages)} تقوم ب${m()} ${n()}.`,
    () => `قارن بين ${n()} و${n()} في جدول.`,
    () => "شكراً، اجعل الإجابة أقصر وأضف مثالاً.",
    () => `لدينا مشكلة في ${n()}: ${arabicSentence(random)} ماذا تقترح؟`,
    () => `${arabicSentence(random)} هل أبدأ ب${m()} ${n()} أم أنتظر؟`,
  ];
  return pick(random, templates)();
}

// --- Answers -------------------------------------------------------------------------------------

function identifier(random: Random) {
  return pick(random, english.nouns);
}

function codeBlock(random: Random): string {
  const a = identifier(random);
  const b = identifier(random);
  const type = capitalise(a);
  const kind = pick(random, ["ts", "sql", "python", "bash"] as const);
  if (kind === "ts") {
    const checks = Array.from(
      { length: between(random, 1, 4) },
      (_, i) =>
        `    if (item.${pick(random, ["total", "count", "days"])} > ${between(random, 2, 500)}) ${i % 2 ? "late" : "total"} += 1;`,
    );
    return [
      "```ts",
      `type ${type} = { id: string; total: number; count: number; days: number; updatedAt: Date };`,
      "",
      `export function ${pick(random, english.verbs)}${type}s(items: ${type}[]): { total: number; late: number } {`,
      "  let total = 0;",
      "  let late = 0;",
      "  for (const item of items) {",
      ...checks,
      "  }",
      "  return { total, late };",
      "}",
      "```",
    ].join("\n");
  }
  if (kind === "sql") {
    return [
      "```sql",
      `select ${a}.id, ${a}.name, sum(${b}.amount) as total, count(*) as rows`,
      `from ${a}s ${a}`,
      `join ${b}s ${b} on ${b}.${a}_id = ${a}.id`,
      `where ${a}.created_at >= now() - interval '${between(random, 7, 90)} days'`,
      `  and ${b}.status <> 'cancelled'`,
      `group by ${a}.id, ${a}.name`,
      "order by total desc",
      `limit ${between(random, 10, 50)};`,
      "```",
    ].join("\n");
  }
  if (kind === "python") {
    return [
      "```python",
      `def ${pick(random, english.verbs)}_${a}s(rows):`,
      '    """Totals per key, skipping empty rows."""',
      "    result = {}",
      "    for row in rows:",
      `        if not row.get("${b}"):`,
      "            continue",
      `        key = row["${b}"]`,
      '        result[key] = result.get(key, 0) + row["amount"]',
      "    return dict(sorted(result.items(), key=lambda item: -item[1]))",
      "```",
    ].join("\n");
  }
  return [
    "```bash",
    `curl -s "https://api.example.com/v1/${a}s?since=$(date -d '-${between(random, 1, 30)} days' +%F)" \\`,
    '  -H "Authorization: Bearer $TOKEN" \\',
    `  | jq -r '.items[] | [.id, .${b}, .total] | @tsv' > ${a}s.tsv`,
    `wc -l ${a}s.tsv`,
    "```",
  ].join("\n");
}

function table(random: Random, language: Language): string {
  const en = language === "en";
  const header = en ? ["Item", "Owner", "Due", "Status"] : ["البند", "المسؤول", "الموعد", "الحالة"];
  const rows = Array.from({ length: between(random, 3, 6) }, () => {
    const day = between(random, 1, 28);
    const month = between(random, 1, 12);
    return [
      en ? capitalise(englishNoun(random)) : arabicNoun(random),
      pick(random, en ? english.people : arabic.people),
      `2026-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`,
      pick(random, en ? english.statuses : arabic.statuses),
    ];
  });
  return [header, header.map(() => "---"), ...rows]
    .map((row) => `| ${row.join(" | ")} |`)
    .join("\n");
}

function list(random: Random, language: Language): string {
  const numbered = random() < 0.5;
  return Array.from({ length: between(random, 3, 6) }, (_, index) => {
    const marker = numbered ? `${index + 1}.` : "-";
    const head = language === "en" ? capitalise(englishNoun(random)) : arabicNoun(random);
    return `${marker} **${head}**: ${sentence(random, language)}`;
  }).join("\n");
}

/** An answer: prose, a list, a code block or a table, each between paragraphs. */
export function answer(random: Random, language: Language): string {
  const en = language === "en";
  const kind = random();
  const parts = [paragraph(random, language, 1, 3)];
  if (kind < 0.3) {
    parts.push(paragraph(random, language), paragraph(random, language, 1, 3));
  } else if (kind < 0.55) {
    if (random() < 0.5) parts.push(en ? "### Steps" : "### الخطوات");
    parts.push(list(random, language), paragraph(random, language, 1, 2));
  } else if (kind < 0.8) {
    parts.push(codeBlock(random));
    const name = `\`${identifier(random)}s\``;
    parts.push(
      en
        ? `The function reads ${name} once, so it stays fast. ${englishSentence(random)}`
        : `تقرأ الدالة ${name} مرة واحدة، لذلك تبقى سريعة. ${arabicSentence(random)}`,
    );
  } else {
    parts.push(table(random, language), paragraph(random, language, 1, 2));
  }
  return parts.join("\n\n");
}

export function title(random: Random, language: Language): string {
  if (language === "en") {
    const templates = [
      () =>
        `${capitalise(pick(random, english.verbs))} the ${englishNoun(random)} for ${pick(random, english.places)}`,
      () => `${capitalise(englishNoun(random))} ${englishNoun(random)} review`,
      () => `Questions about the ${englishNoun(random)}`,
      () => `${capitalise(englishNoun(random))} plan for Q${between(random, 1, 4)}`,
    ];
    return pick(random, templates)();
  }
  const templates = [
    () => `${pick(random, arabic.masdars)} ${arabicNoun(random)} في ${pick(random, arabic.places)}`,
    () => `أسئلة حول ${arabicNoun(random)}`,
    () =>
      `خطة ${arabicNoun(random)} للربع ${pick(random, ["الأول", "الثاني", "الثالث", "الرابع"])}`,
  ];
  return pick(random, templates)();
}
