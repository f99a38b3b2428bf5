import { Trans, useTranslation } from "react-i18next";
import type { Namespace } from "~/lib/i18n";

/**
 * Tags a message may wrap its values in, each a run kept whole inside text of the other direction:
 * `<ltr>` for what always reads left to right (numbers, phone numbers, email addresses, keys),
 * `<auto>` for what people typed (names, searches), ordered by its first strong letter.
 */
const isolates = { ltr: <bdi dir="ltr" />, auto: <bdi /> };

/**
 * A message whose values keep their order inside the other direction: "+966 50 123 4567" rather
 * than "4567 123 50 966+" in Arabic. Values are escaped before the message is read for tags, so
 * a name that looks like markup stays text.
 */
export function IsolatedMessage({
  i18nKey,
  values,
  ns,
}: {
  i18nKey: string;
  values: Partial<Record<string, string>>;
  ns?: Namespace;
}) {
  const { t } = useTranslation(ns);
  return (
    <Trans
      t={t}
      i18nKey={i18nKey}
      values={values}
      components={isolates}
      tOptions={{ interpolation: { escapeValue: true } }}
      shouldUnescape
    />
  );
}
