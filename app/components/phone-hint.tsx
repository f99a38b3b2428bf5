import { IsolatedMessage } from "./ui/isolated-message";

/** The example number of the phone fields' placeholders and hints: Saudi, in international form. */
export const phoneExample = "+966 50 123 4567";

/** A phone field's hint, a message with `<ltr>{{example}}</ltr>`. */
export function PhoneHint({ i18nKey }: { i18nKey: string }) {
  return <IsolatedMessage i18nKey={i18nKey} values={{ example: phoneExample }} />;
}
