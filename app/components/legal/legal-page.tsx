import { useTranslation } from "react-i18next";
import { PageShell } from "~/components/ui/page-shell";

/** A legal text of the `legal` namespace: a title, its date and its sections in order. */
export function LegalPage({
  document,
  sections,
}: {
  document: "terms" | "privacy";
  sections: readonly string[];
}) {
  const { t } = useTranslation("legal");
  return (
    <PageShell title={t(`${document}.title`)} description={t(`${document}.updated`)}>
      <div className="max-w-3xl space-y-8">
        {sections.map((section) => (
          <section key={section} aria-labelledby={`${document}-${section}`}>
            <h2 id={`${document}-${section}`} className="text-lg font-semibold">
              {t(`${document}.sections.${section}.title`)}
            </h2>
            <p className="mt-2 text-sm leading-relaxed text-text-muted">
              {t(`${document}.sections.${section}.body`)}
            </p>
          </section>
        ))}
      </div>
    </PageShell>
  );
}
