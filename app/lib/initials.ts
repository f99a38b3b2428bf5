/** The Arabic definite article at the start of a word, when at least two letters follow it. */
const arabicArticle = /^ال(?=\p{L}{2})/u;

/** A word as its initial is read: the Arabic article ال left out ("النيل" is read from "ن"). */
function withoutArticle(word: string) {
  return word.replace(arabicArticle, "");
}

/** Letters of the scripts whose letters join one another (Arabic, Syriac, N'Ko, Mongolian). */
const joiningLetter = /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Nko}\p{Script=Mongolian}]/u;

/**
 * Initials side by side. A zero-width non-joiner keeps two letters of a joining script apart, so
 * that they read as initials rather than as a word ("مخبز النيل" gives "م‌ن", not "من"); Latin
 * initials need none ("LH").
 */
function joinInitials(given: (string | undefined)[]) {
  const letters = given.filter((letter): letter is string => Boolean(letter));
  const apart = letters.some((letter) => joiningLetter.test(letter));
  return letters.join(apart ? "\u200c" : "").toUpperCase();
}

/**
 * One or two letters standing for a name without a picture: the first letters of its first two
 * words, or the first two letters of a single word, the Arabic article ال left out of each word.
 */
export function nameInitials(name: string) {
  const words = name.trim().split(/\s+/).filter(Boolean).map(withoutArticle);
  const [first = [], second] = words.map((word) => Array.from(word));
  const letters = second ? [first[0], second[0]] : first.slice(0, 2);
  return joinInitials(letters);
}

/**
 * The initials of a person's name given in parts (first and last name): the first letter of each
 * part, the Arabic article ال left out, so that "Ahmed Alghamdi" and "أحمد الغامدي" read alike.
 */
export function partsInitials(parts: (string | null | undefined)[]) {
  const letters = parts
    .map((part) => withoutArticle(part?.trim() ?? ""))
    .map((part) => Array.from(part)[0] ?? "")
    .filter(Boolean);
  return joinInitials(letters);
}
