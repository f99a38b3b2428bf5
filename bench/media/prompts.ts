// The prompts of the media benchmark: what the image, speech and video creators are asked, in
// English and Arabic, made from templates with a seeded generator (bench/support/random.ts) so that
// every run writes the same text. A topic (the searches look for two of them) takes the place of a
// subject now and then, so that a search finds a few items in a hundred.

import type { MediaKind } from "../../api/db/schema";
import { between, capitalise, type Language, pick, type Random } from "../support/random";

/** The words the searches look for: each in about one prompt in forty of its language. */
export const searchedWords = { en: "lighthouse", ar: "فانوس" } as const;

const english = {
  subjects: `camel caravan|fishing boat|old library|spice market|desert fox|mountain village|
    city skyline|date palm grove|brass coffee pot|falcon on a glove|courtyard with a fountain|
    robot barista|red bicycle|glass of mint tea|vintage car|sailing dhow|bookshop cat|
    wind tower|street food stall|horse in the surf|astronaut|tea garden|paper kite|
    clock tower|pottery workshop|night train|rooftop garden|sand dunes|harbour crane|
    children's classroom|copper kettle|jasmine flowers`.split(/\s*\|\s*/),
  topics: `lighthouse|lantern|waterfall|observatory|caravanserai|windmill|greenhouse|
    aquarium|volcano|glacier|orchard|bazaar|satellite|submarine|carousel|chandelier|
    tapestry|hourglass|compass|telescope`.split(/\s*\|\s*/),
  places: `in Riyadh|in old Cairo|on the Corniche in Doha|in the Empty Quarter|by the Red Sea|
    in a Dubai marina|in the mountains of Oman|in a snowy forest|on Mars|under the sea|
    in a rainy street|in a sunlit studio`.split(/\s*\|\s*/),
  styles: `watercolour painting|oil painting|photograph|isometric illustration|pencil sketch|
    3D render|children's book illustration|vintage poster|flat vector illustration|
    cinematic still|miniature diorama|ink drawing`.split(/\s*\|\s*/),
  lights: `at golden hour|at dusk|under a full moon|in soft morning light|with dramatic shadows|
    in neon light|on an overcast day|lit by candles`.split(/\s*\|\s*/),
  details: `highly detailed|warm colours|muted palette|wide angle|shallow depth of field|
    symmetrical composition|high contrast|pastel tones|film grain|minimalist`.split(/\s*\|\s*/),
  audience: `new customers|the sales team|students|our partners|visitors|the board`.split(
    /\s*\|\s*/,
  ),
};

const arabic = {
  subjects: `قافلة جمال|قارب صيد|مكتبة قديمة|سوق التوابل|ثعلب الصحراء|قرية جبلية|أفق المدينة|
    بستان نخيل|دلة قهوة نحاسية|صقر على القفاز|فناء بنافورة|روبوت يعد القهوة|دراجة حمراء|
    كوب شاي بالنعناع|سيارة قديمة|سفينة شراعية|قطة المكتبة|برج رياح|عربة طعام|حصان على الشاطئ|
    رائد فضاء|حديقة شاي|طائرة ورقية|برج الساعة|ورشة فخار|قطار ليلي|حديقة على السطح|
    كثبان رملية`.split(/\s*\|\s*/),
  topics: `الفانوس|المنارة|الشلال|المرصد|الخان|طاحونة الهواء|البيت الزجاجي|حوض الأسماك|البركان|
    النهر الجليدي|البستان|البازار|القمر الصناعي|الغواصة|الأرجوحة الدوارة|الثريا|السجادة|
    الساعة الرملية|البوصلة|المقراب`.split(/\s*\|\s*/),
  places: `في الرياض|في القاهرة القديمة|على كورنيش الدوحة|في الربع الخالي|على ساحل البحر الأحمر|
    في مرسى دبي|في جبال عمان|في غابة مثلجة|على المريخ|تحت البحر|في شارع ممطر|في مرسم مشمس`.split(
    /\s*\|\s*/,
  ),
  styles: `لوحة مائية|لوحة زيتية|صورة فوتوغرافية|رسم توضيحي متساوي القياس|رسم بالقلم الرصاص|
    تصميم ثلاثي الأبعاد|رسم لكتاب أطفال|ملصق قديم|رسم مسطح|لقطة سينمائية|مجسم مصغر|
    رسم بالحبر`.split(/\s*\|\s*/),
  lights: `عند الغروب|في ضوء القمر|في ضوء الصباح الناعم|مع ظلال قوية|في أضواء النيون|في يوم غائم|
    على ضوء الشموع`.split(/\s*\|\s*/),
  details: `تفاصيل دقيقة|ألوان دافئة|ألوان هادئة|زاوية واسعة|تركيز عميق|تكوين متماثل|تباين عالٍ|
    ألوان باستيل|بأسلوب بسيط`.split(/\s*\|\s*/),
  audience: `العملاء الجدد|فريق المبيعات|الطلاب|شركائنا|الزوار|مجلس الإدارة`.split(/\s*\|\s*/),
};

/** A subject, and every other draw a topic in its place (20 topics: each one in forty). */
const topicChance = 0.5;

const subject = (random: Random, words: typeof english | typeof arabic) =>
  random() < topicChance ? pick(random, words.topics) : pick(random, words.subjects);

function englishPrompt(random: Random, kind: MediaKind): { title: string; prompt: string } {
  const e = english;
  const thing = subject(random, e);
  if (kind === "image") {
    const prompt = [
      `A ${pick(random, e.styles)} of a ${thing} ${pick(random, e.places)}, ${pick(random, e.lights)}`,
      ...Array.from({ length: between(random, 1, 3) }, () => pick(random, e.details)),
    ].join(", ");
    return { title: random() < 0.5 ? capitalise(thing) : "", prompt };
  }
  if (kind === "video") {
    const prompt =
      `A slow ${pick(random, ["aerial shot", "tracking shot", "time-lapse", "close-up"])} of a ` +
      `${thing} ${pick(random, e.places)}, ${pick(random, e.lights)}, ${pick(random, e.details)}, ` +
      `${between(random, 4, 10)} seconds`;
    return { title: random() < 0.5 ? `${capitalise(thing)} clip` : "", prompt };
  }
  const prompt =
    `Welcome, ${pick(random, e.audience)}. Today we visit a ${thing} ${pick(random, e.places)}. ` +
    `Listen to how it looks ${pick(random, e.lights)}, and what makes it special. ` +
    `The tour takes about ${between(random, 2, 9)} minutes.`;
  return { title: random() < 0.5 ? `Narration: ${thing}` : "", prompt };
}

function arabicPrompt(random: Random, kind: MediaKind): { title: string; prompt: string } {
  const a = arabic;
  const thing = subject(random, a);
  if (kind === "image") {
    const prompt = [
      `${pick(random, a.styles)} لـ${thing} ${pick(random, a.places)} ${pick(random, a.lights)}`,
      ...Array.from({ length: between(random, 1, 3) }, () => pick(random, a.details)),
    ].join("، ");
    return { title: random() < 0.5 ? thing : "", prompt };
  }
  if (kind === "video") {
    const prompt =
      `${pick(random, ["لقطة جوية بطيئة", "لقطة متابعة", "تصوير متسارع", "لقطة قريبة"])} لـ${thing} ` +
      `${pick(random, a.places)} ${pick(random, a.lights)}، ${pick(random, a.details)}، ` +
      `${between(random, 4, 10)} ثوانٍ`;
    return { title: random() < 0.5 ? `مقطع ${thing}` : "", prompt };
  }
  const prompt =
    `مرحباً بـ${pick(random, a.audience)}. نزور اليوم ${thing} ${pick(random, a.places)}. ` +
    `استمعوا إلى وصفه ${pick(random, a.lights)} وما يميزه. ` +
    `تستغرق الجولة نحو ${between(random, 2, 9)} دقائق.`;
  return { title: random() < 0.5 ? `تعليق صوتي: ${thing}` : "", prompt };
}

/** A title (empty for half the items, as the creators leave it) and a prompt. */
export function prompt(
  random: Random,
  kind: MediaKind,
  language: Language,
): { title: string; prompt: string } {
  return language === "en" ? englishPrompt(random, kind) : arabicPrompt(random, kind);
}
