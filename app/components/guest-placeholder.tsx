import { useTranslation } from "react-i18next";
import { LocalizedLink } from "./localized-link";
import { Icon } from "./ui/icon";

export function GuestPlaceholder({ page }: { page: "signup" | "forgot" | "reset" }) {
  const { t } = useTranslation("auth");
  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight">{t(`${page}.title`)}</h1>
      <p className="mt-1 text-sm text-text-muted">{t(`${page}.subtitle`)}</p>
      <p className="mt-6 rounded-control border border-border bg-surface-muted p-4 text-sm text-text-muted">
        {t(`${page}.unavailable`)}
      </p>
      <LocalizedLink
        to="/login"
        className="mt-6 inline-flex items-center gap-2 text-sm font-medium text-accent hover:underline"
      >
        <Icon name="arrow-left" />
        {t("backToLogin")}
      </LocalizedLink>
    </div>
  );
}
