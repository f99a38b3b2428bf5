import { useFormAction, useNavigation } from "@remix-run/react";

/**
 * Whether this route's form (POST to its own action by default, and of the given intent, when
 * one is named) is on its way: the one rule for busy buttons.
 */
export function useIsPending({
  intent,
  formAction,
  formMethod = "POST",
}: {
  intent?: string;
  formAction?: string;
  formMethod?: "POST" | "GET";
} = {}) {
  const ownAction = useFormAction();
  const navigation = useNavigation();
  return (
    navigation.state !== "idle" &&
    navigation.formMethod === formMethod &&
    navigation.formAction === (formAction ?? ownAction) &&
    (intent === undefined || navigation.formData?.get("intent") === intent)
  );
}
