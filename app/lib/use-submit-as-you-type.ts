import { type FormEvent, useEffect, useRef, useState } from "react";
import { useLocation, useSubmit } from "react-router";

/** A pause in typing this long sends the search (ms). */
export const searchAsYouTypeDelayMs = 300;

/** Fields whose change is a whole choice, sent at once: a select, a checkbox, a radio. */
const chosenAtOnce = new Set(["select-one", "select-multiple", "checkbox", "radio"]);

/**
 * A list's GET form that answers as it is filled in: typing sends the form after a pause, a
 * select or a checkbox sends it at once. Each answer replaces the address in the history (the
 * back button leaves the list rather than stepping through each word) and keeps the scroll; the
 * search box keeps its focus and caret, as the form stays on the page. Its submit button stays
 * for who runs no JavaScript, and Enter still sends at once. A field without a name (a picker's
 * own search) sends nothing.
 *
 * `<Form key={live.key} {...live.form}>`: when the address changes from outside the form (a
 * "Clear the search" link, a page of the list) while no field of it has the focus, the form is
 * drawn again, so that its fields say what the list now shows.
 */
export function useSubmitAsYouType() {
  const submit = useSubmit();
  const { search } = useLocation();
  const ref = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [generation, setGeneration] = useState(0);
  const seen = useRef(search);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (search === seen.current) return;
    seen.current = search;
    if (!ref.current?.contains(document.activeElement)) setGeneration((count) => count + 1);
  }, [search]);

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const field = event.target as HTMLInputElement | HTMLSelectElement;
    if (!field.name || field.form !== form) return;
    clearTimeout(timer.current);
    const send = () => {
      timer.current = undefined;
      void submit(form, { replace: true, preventScrollReset: true });
    };
    if (chosenAtOnce.has(field.type)) send();
    else timer.current = setTimeout(send, searchAsYouTypeDelayMs);
  };
  /** Enter or the button: sent now, so the pause's own sending is dropped. */
  const onSubmit = () => clearTimeout(timer.current);
  return { key: generation, form: { ref, onChange, onSubmit } };
}
