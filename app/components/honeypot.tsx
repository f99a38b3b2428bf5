import { useTranslation } from "react-i18next";
import { honeypotField } from "~/lib/honeypot";

/**
 * A field people never see or reach, which form-filling bots do fill: a form that arrives with it
 * filled in is refused (rejectFilledHoneypot).
 */
export function Honeypot() {
  const { t } = useTranslation("common");
  return (
    <div aria-hidden="true" className="absolute -start-[10000px] h-px w-px overflow-hidden">
      <label>
        {t("honeypot")}
        <input type="text" name={honeypotField} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
