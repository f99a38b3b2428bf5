import { useFormAction, useNavigation } from "react-router";

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
    navigation.formAction !== undefined &&
    isSameAction(navigation.formAction, formAction ?? ownAction) &&
    (intent === undefined || navigation.formData?.get("intent") === intent)
  );
}

/**
 * The same action whatever else the query holds (a page's `?notice=` goes with its own action
 * address, not with a form that posts to "."); `?index` tells an index route from its parent.
 */
function isSameAction(a: string, b: string) {
  const [first, second] = [new URL(a, "http://action"), new URL(b, "http://action")];
  return (
    first.pathname === second.pathname &&
    first.searchParams.has("index") === second.searchParams.has("index")
  );
}
