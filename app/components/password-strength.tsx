import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/lib/use-hydrated";
import { cx } from "./ui/cx";

type StrengthCheck = (password: string, userInputs: string[]) => number;
let strengthCheck: Promise<StrengthCheck> | undefined;

/** zxcvbn and its dictionaries are large: loaded in the browser, once, when first needed. */
function loadStrengthCheck(): Promise<StrengthCheck> {
  strengthCheck ??= Promise.all([
    import("@zxcvbn-ts/core"),
    import("@zxcvbn-ts/language-common"),
  ]).then(([core, common]) => {
    const zxcvbn = new core.ZxcvbnFactory({
      dictionary: common.dictionary,
      graphs: common.adjacencyGraphs,
    });
    return (password, userInputs) => zxcvbn.check(password, userInputs).score;
  });
  strengthCheck.catch(() => {
    strengthCheck = undefined;
  });
  return strengthCheck;
}

const strengthLevels = [
  { name: "weak", bar: "bg-danger", text: "text-danger" },
  { name: "fair", bar: "bg-accent", text: "text-text-muted" },
  { name: "good", bar: "bg-accent", text: "text-text-muted" },
  { name: "strong", bar: "bg-success", text: "text-success" },
] as const;

/** A live strength meter for a new password; nothing before hydration. */
export function PasswordStrength({
  password,
  userInputs,
}: {
  password: string;
  userInputs: string[];
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [score, setScore] = useState<number | null>(null);
  const inputsKey = userInputs.join("\n");

  useEffect(() => {
    if (!password) {
      setScore(null);
      return;
    }
    let current = true;
    loadStrengthCheck()
      .then((check) => {
        if (current) setScore(check(password, inputsKey ? inputsKey.split("\n") : []));
      })
      .catch(() => {
        // No hint is better than a wrong one; the server still checks the rules.
      });
    return () => {
      current = false;
    };
  }, [password, inputsKey]);

  if (!hydrated) return null;
  // zxcvbn scores 0 to 4; 0 and 1 both read as weak.
  const bars = score === null ? 0 : Math.max(1, score);
  const level = strengthLevels[bars - 1];
  // The row is there from the start, so that nothing below it moves when the first score comes.
  return (
    <div
      className="mt-2 flex min-h-4 items-center gap-3"
      data-strength={level?.name ?? "none"}
      aria-live="polite"
    >
      <div aria-hidden className="grid flex-1 grid-cols-4 gap-1">
        {strengthLevels.map((_, index) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: four fixed bars
            key={index}
            className={cx("h-1.5 rounded-full", level && index < bars ? level.bar : "bg-border")}
          />
        ))}
      </div>
      {level ? (
        <p className={cx("shrink-0 text-xs font-medium", level.text)}>
          {t("password.strength.label", { strength: t(`password.strength.${level.name}`) })}
        </p>
      ) : null}
    </div>
  );
}
